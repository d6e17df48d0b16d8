/** The widths a field may take in a form's grid (12 columns; a phone shows most fields full width). */
export const FIELD_SIZES = {
  full: 12,
  half: { xs: 12, sm: 6 },
  third: { xs: 12, sm: 4 },
  quarter: { xs: 6, sm: 3 },
} as const;

export type FieldSize = keyof typeof FIELD_SIZES;
