/** An address on one line, as a person reads it: "Home, 1 Main St, Newark, NJ 07102". */
export const addressText = (a: {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}) => [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ');
