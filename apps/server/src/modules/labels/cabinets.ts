import { type Cabinet, type CabinetStatus, cabinetBarcode, type Order, type OrderItem } from '@cab/shared';

/**
 * What a label shows, drawn from the order as the orders module answers it (getOrder): one
 * cabinet per unit (qty) of every line, attachments included (DOMAIN.md "Cabinets, scans,
 * labels"), and the adjustable shelves to cut grouped by size. Pure.
 */

export interface LabelHead {
  orderId: number;
  orderName: string;
  customer: string;
}

export interface CabinetLabel extends LabelHead {
  key: string;
  barcode: string;
  lineNo: number;
  unitNo: number;
  qty: number;
  code: string;
  description: string;
  size: string;
  finish: string;
  /** The finished side's code (e.g. FS-BOTH), '' when the line has none: the shop builds the finished ends from it. */
  finishedSide: string;
  group: string;
  isAttachment: boolean;
  /** Production's state of the cabinet; null when the order has no cabinets in production's table. */
  status: CabinetStatus | null;
  completedAt: string | null;
}

/** One adjustable shelf to cut: its size, its place among the shelves of that size, and its cabinet. */
export interface ShelfLabel extends LabelHead {
  key: string;
  barcode: string;
  width: number | null;
  depth: number | null;
  /** 1-based among the order's shelves of this size, of `ofSize`. */
  n: number;
  ofSize: number;
  cabinet: { barcode: string; lineNo: number; unitNo: number; qty: number; code: string };
}

export const headOf = (order: Order): LabelHead => ({
  orderId: order.id,
  orderName: order.name,
  customer: order.customer_display,
});

/** Inches as the catalogue keeps them (decimals), without trailing zeros; "?" when unknown. */
export const inches = (n: number | null) => (n === null ? '?' : String(Number(n.toFixed(3))));

function sizeText(it: Pick<OrderItem, 'width' | 'height' | 'depth'>): string {
  if (it.width === null && it.height === null && it.depth === null) return '';
  return `${inches(it.width)}W x ${inches(it.height)}H x ${inches(it.depth)}D`;
}

/** The finished side as the line was priced with it (the order page shows the same code). */
const finishedSideOf = (it: Pick<OrderItem, 'breakdown'>) => it.breakdown.finished_side?.code ?? '';

/** Every line of the order, groups in order, lines by line number. */
function linesOf(order: Order) {
  return order.groups
    .flatMap((g) => g.items.map((it) => ({ it, group: g.name })))
    .sort((a, b) => a.it.line_no - b.it.line_no);
}

/**
 * One label per cabinet (unit), in line order. Where production has made the order's cabinets
 * (`made`, its cabinets table), they are the labels: their barcodes, code, description and
 * status (a completed cabinet whose line was edited away keeps its label), the size, finish and
 * group read from its line while it exists. Without them (an order put in production before the
 * cabinets table), one per unit of every line.
 */
export function cabinetLabels(order: Order, made: readonly Cabinet[] = []): CabinetLabel[] {
  const head = headOf(order);
  const out: CabinetLabel[] = [];
  if (made.length > 0) {
    const lines = new Map(linesOf(order).map((l) => [l.it.line_no, l]));
    for (const c of made) {
      const line = lines.get(c.line_no);
      out.push({
        ...head,
        key: c.barcode,
        barcode: c.barcode,
        lineNo: c.line_no,
        unitNo: c.unit_no,
        qty: line?.it.qty ?? 1,
        code: c.manufacturer_code,
        description: c.description,
        size: line ? sizeText(line.it) : '',
        finish: line?.it.finish ?? '',
        finishedSide: line ? finishedSideOf(line.it) : '',
        group: line?.group ?? '',
        isAttachment: line?.it.is_attachment ?? false,
        status: c.status,
        completedAt: c.completed_at,
      });
    }
    return out;
  }
  for (const { it, group } of linesOf(order)) {
    for (let unit = 1; unit <= it.qty; unit++) {
      const barcode = cabinetBarcode(order.id, it.line_no, unit);
      out.push({
        ...head,
        key: barcode,
        barcode,
        lineNo: it.line_no,
        unitNo: unit,
        qty: it.qty,
        code: it.manufacturer_code,
        description: it.description,
        size: sizeText(it),
        finish: it.finish,
        finishedSide: finishedSideOf(it),
        group,
        isAttachment: it.is_attachment,
        status: null,
        completedAt: null,
      });
    }
  }
  return out;
}

/** The shelf list: nb_adjustable_shelf x qty per line, grouped by width and depth, smallest first. */
export function shelfRows(order: Order): { width: number | null; depth: number | null; qty: number }[] {
  const bySize = new Map<string, { width: number | null; depth: number | null; qty: number }>();
  for (const { it } of linesOf(order)) {
    const count = it.nb_shelf * it.qty;
    if (count <= 0) continue;
    const key = `${it.width}x${it.depth}`;
    const row = bySize.get(key) ?? { width: it.width, depth: it.depth, qty: 0 };
    row.qty += count;
    bySize.set(key, row);
  }
  const n = (v: number | null) => (v === null ? Number.POSITIVE_INFINITY : v);
  return [...bySize.values()].sort((a, b) => n(a.width) - n(b.width) || n(a.depth) - n(b.depth));
}

/**
 * One label per shelf to cut (DOMAIN.md: nb_adjustable_shelf x qty per line), sizes in the shelf
 * list's order, then by cabinet. Its barcode is its cabinet's and its number in that cabinet,
 * `{cabinet barcode}-S{n}` (e.g. `1042-07-2-S1`): the one who cuts it knows where it goes.
 */
export function shelfLabels(order: Order): ShelfLabel[] {
  const head = headOf(order);
  const bySize = new Map<string, ShelfLabel[]>();
  for (const { it } of linesOf(order)) {
    for (let unit = 1; unit <= it.qty; unit++) {
      const cabinet = cabinetBarcode(order.id, it.line_no, unit);
      for (let shelf = 1; shelf <= it.nb_shelf; shelf++) {
        const size = `${it.width}x${it.depth}`;
        const list = bySize.get(size) ?? [];
        const barcode = `${cabinet}-S${shelf}`;
        list.push({
          ...head,
          key: barcode,
          barcode,
          width: it.width,
          depth: it.depth,
          n: 0,
          ofSize: 0,
          cabinet: { barcode: cabinet, lineNo: it.line_no, unitNo: unit, qty: it.qty, code: it.manufacturer_code },
        });
        bySize.set(size, list);
      }
    }
  }
  return shelfRows(order).flatMap((r) => {
    const list = bySize.get(`${r.width}x${r.depth}`) ?? [];
    return list.map((l, i) => ({ ...l, n: i + 1, ofSize: list.length }));
  });
}
