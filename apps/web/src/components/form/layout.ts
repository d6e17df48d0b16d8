/** The widths a field may take in a form's grid (12 columns; a phone shows most fields full width). */
export const FIELD_SIZES = {
  full: 12,
  half: { xs: 12, sm: 6 },
  third: { xs: 12, sm: 4 },
  twoThirds: { xs: 12, sm: 8 },
  quarter: { xs: 6, sm: 3 },
  /** A quarter on a wide screen, half on a tablet. */
  quarterWide: { xs: 12, sm: 6, md: 3 },
} as const;

export type FieldSize = keyof typeof FIELD_SIZES;
