import type { Address } from '@cab/shared';

/** An address on one line, as a person reads it: "Home, 1 Main St, Newark, NJ 07102". */
export const addressText = (a: Pick<Address, 'name' | 'line1' | 'line2' | 'city' | 'state' | 'postal_code'>) =>
  [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`].filter(Boolean).join(', ');
