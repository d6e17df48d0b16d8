/**
 * A cabinet's barcode (DOMAIN.md "Cabinets, scans, labels", issue 18): `{order id}-{line_no, 2
 * digits}-{unit}`, e.g. `1042-07-2`. One per unit (qty) of every line of an approved order,
 * attachments included. The production module's cabinets carry the same value.
 */
export function labelBarcode(orderId: number, lineNo: number, unitNo: number): string {
  return `${orderId}-${String(lineNo).padStart(2, '0')}-${unitNo}`;
}

/** The parts of a cabinet barcode, or null when `code` is not one. */
export function parseLabelBarcode(code: string): { orderId: number; lineNo: number; unitNo: number } | null {
  const m = /^(\d{1,9})-(\d{2,4})-(\d{1,4})$/.exec(code.trim());
  if (!m) return null;
  const [orderId, lineNo, unitNo] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (orderId < 1 || lineNo < 1 || unitNo < 1) return null;
  return { orderId, lineNo, unitNo };
}
