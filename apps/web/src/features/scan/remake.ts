/** A cabinet to make again, and its order: what the "Request remake" dialog opens with. */
export interface RemakeTarget {
  orderId: number;
  barcode: string;
}

/**
 * The scans a remake can be asked from: a known cabinet (OK or duplicate) of an order. Unknown
 * codes, wrong-state and waiting scans offer none.
 */
export function remakeTarget(
  result: string,
  cabinet: { barcode: string } | null | undefined,
  order: { id: number } | null | undefined,
): RemakeTarget | null {
  if ((result !== 'OK' && result !== 'DUPLICATE') || !cabinet || !order) return null;
  return { orderId: order.id, barcode: cabinet.barcode };
}
