/**
 * A cabinet's barcode (DOMAIN.md "Cabinets, scans, labels"; issue 18): `{order id}-{line_no, 2
 * digits}-{unit}`, e.g. `1042-07-2`. The server stores it on each cabinet; labels print it; the
 * scan screen reads it back. One function each way, so all three agree.
 */
export function cabinetBarcode(orderId: number, lineNo: number, unitNo: number): string {
  return `${orderId}-${String(lineNo).padStart(2, '0')}-${unitNo}`;
}

const BARCODE = /^(\d{1,10})-(\d{2,6})-(\d{1,6})$/;

/** The parts of a cabinet barcode, or null when `code` is not one (surrounding spaces ignored). */
export function parseCabinetBarcode(code: string): { orderId: number; lineNo: number; unitNo: number } | null {
  const m = BARCODE.exec(code.trim());
  if (!m) return null;
  const [orderId, lineNo, unitNo] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (orderId < 1 || lineNo < 1 || unitNo < 1 || orderId > 2_147_483_647) return null;
  // One spelling per cabinet: `1042-7-2` or `1042-007-2` are not barcodes we print.
  if (cabinetBarcode(orderId, lineNo, unitNo) !== code.trim()) return null;
  return { orderId, lineNo, unitNo };
}
