import type { printListBodySchema } from '@cab/shared';
import {
  type DymoXmls,
  LABEL_TEXT,
  type LabelMode,
  type LabelPrint,
  type LabelPrintList,
  type Order,
  PRODUCTION_STATUSES,
  type ShelfList,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { badRequest, fieldError } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { userNames } from '../auth/index.ts';
import { getOrder } from '../orders/index.ts';
import { cabinetsOfOrder } from '../production/index.ts';
import { type CabinetLabel, cabinetLabels, headOf, inches, shelfLabels, shelfRows } from './cabinets.ts';
import { cabinetLabelXml, cabinetLines, shelfLabelXml, shelfLines } from './dymo.ts';
import { labelsPdf, type PdfLabel, shelfListPdf } from './pdf.ts';
import * as repo from './repository.ts';

/** Labels, the shelf list and the print records (issue 18; decision 0029). */

const LABEL_CODES = { notInProduction: 'order_not_in_production', unknownBarcode: 'unknown_barcode' } as const;

/** The order (404 when the caller cannot reach it), refused unless it is in production. */
export async function productionOrder(ctx: Ctx, id: number): Promise<Order> {
  const order = await getOrder(ctx, id);
  if (!(PRODUCTION_STATUSES as readonly string[]).includes(order.status)) {
    throw badRequest(LABEL_CODES.notInProduction, LABEL_TEXT.notInProduction);
  }
  return order;
}

/** The order's cabinet labels: production's cabinets where it made them (cabinets.ts). */
export async function orderCabinetLabels(ctx: Ctx, order: Order): Promise<CabinetLabel[]> {
  return cabinetLabels(order, await cabinetsOfOrder(ctx, order.id));
}

async function labelsOf(
  ctx: Ctx,
  order: Order,
  mode: LabelMode,
): Promise<{ key: string; xml: () => string; pdf: PdfLabel }[]> {
  if (mode === 'shelf') {
    return shelfLabels(order).map((l) => ({
      key: l.key,
      xml: () => shelfLabelXml(l),
      pdf: { barcode: l.barcode, lines: shelfLines(l) },
    }));
  }
  return (await orderCabinetLabels(ctx, order)).map((l) => ({
    key: l.key,
    xml: () => cabinetLabelXml(l),
    pdf: { barcode: l.barcode, lines: cabinetLines(l) },
  }));
}

/**
 * The labels named by `barcodes`, in the order's label order (all of them when absent); a barcode
 * that is none of the order's labels is a 400 on the field `barcodes`.
 */
function only<L extends { key: string }>(labels: L[], mode: LabelMode, barcodes: readonly string[] | undefined): L[] {
  if (!barcodes) return labels;
  const known = new Set(labels.map((l) => l.key));
  const unknown = barcodes.find((b) => !known.has(b));
  if (unknown !== undefined) {
    const message = mode === 'shelf' ? LABEL_TEXT.unknownShelfBarcode(unknown) : LABEL_TEXT.unknownBarcode(unknown);
    throw fieldError(LABEL_CODES.unknownBarcode, 'barcodes', message);
  }
  const wanted = new Set(barcodes);
  return labels.filter((l) => wanted.has(l.key));
}

/** GET {id}/dymo_xmls/?mode=&barcodes=: one DYMO label per cabinet or shelf (only those named). */
export async function dymoXmls(ctx: Ctx, id: number, mode: LabelMode, barcodes?: readonly string[]): Promise<DymoXmls> {
  const order = await productionOrder(ctx, id);
  const labels = only(await labelsOf(ctx, order, mode), mode, barcodes);
  return { mode, results: labels.map((l) => ({ key: l.key, xml: l.xml() })) };
}

/** The same labels as one PDF. */
export async function labelsPdfOf(
  ctx: Ctx,
  id: number,
  mode: LabelMode,
  barcodes?: readonly string[],
): Promise<Buffer> {
  const order = await productionOrder(ctx, id);
  return labelsPdf(
    only(await labelsOf(ctx, order, mode), mode, barcodes).map((l) => l.pdf),
    `${order.name} ${mode}`,
  );
}

/** GET {id}/shelf_list/. */
export async function shelfList(ctx: Ctx, id: number): Promise<ShelfList> {
  const order = await productionOrder(ctx, id);
  const results = shelfRows(order);
  return { results, total_shelves: results.reduce((n, r) => n + r.qty, 0) };
}

export async function shelfListPdfOf(ctx: Ctx, id: number): Promise<Buffer> {
  const order = await productionOrder(ctx, id);
  const rows = shelfRows(order);
  const total = rows.reduce((n, r) => n + r.qty, 0);
  return shelfListPdf(
    headOf(order),
    rows.map((r) => ({ width: inches(r.width), depth: inches(r.depth), qty: r.qty })),
    {
      title: LABEL_TEXT.shelfList,
      width: LABEL_TEXT.shelfWidth,
      depth: LABEL_TEXT.shelfDepth,
      qty: LABEL_TEXT.shelfQty,
      total: LABEL_TEXT.totalShelves(total),
    },
  );
}

async function toWirePrint(ctx: Ctx, row: repo.LabelPrintRow): Promise<LabelPrint> {
  return (await toWirePrints(ctx, [row]))[0]!;
}

async function toWirePrints(ctx: Ctx, rows: readonly repo.LabelPrintRow[]): Promise<LabelPrint[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.printedById === null ? [] : [r.printedById])))];
  const names = await userNames(ctx.db, ids);
  return rows.map((row) => ({
    id: row.id,
    order: row.orderId,
    session: row.sessionId,
    mode: row.mode,
    barcodes: row.keys,
    label_count: row.labelCount,
    printed_by: row.printedById === null ? null : { id: row.printedById, full_name: names.get(row.printedById) ?? '' },
    printed_at: row.printedAt.toISOString(),
  }));
}

/** How many of an order's print records GET {id}/label_prints/ answers, newest first. */
const PRINTS_SHOWN = 200;

/** GET {id}/label_prints/: who printed which of the order's labels, when (404 when the order is out of reach). */
export async function labelPrintsOf(ctx: Ctx, id: number): Promise<LabelPrintList> {
  await getOrder(ctx, id);
  const { rows, total } = await repo.printsOfOrder(ctx.db, id, PRINTS_SHOWN);
  return { results: await toWirePrints(ctx, rows), total };
}

async function record(ctx: Ctx, values: repo.NewLabelPrint): Promise<LabelPrint> {
  return transaction(ctx, async (tx) => {
    const row = await repo.insertPrint(tx.db, {
      ...values,
      printedById: ctx.actor.id,
      ...(ctx.at ? { printedAt: ctx.at } : {}),
    });
    const wire = await toWirePrint(tx, row);
    await audit(tx, { entity: 'label_print', id: row.id, action: 'print', before: null, after: wire });
    return wire;
  });
}

/** POST print_list/: an order's labels were printed (all, or the barcodes given: each must be one of them). */
export async function printList(ctx: Ctx, body: z.output<typeof printListBodySchema>): Promise<LabelPrint> {
  const order = await productionOrder(ctx, body.order);
  const printed = only(await labelsOf(ctx, order, body.mode), body.mode, body.barcodes).map((l) => l.key);
  return record(ctx, { orderId: order.id, mode: body.mode.toUpperCase(), keys: printed, labelCount: printed.length });
}

/**
 * POST print_session/: a scan session's labels were printed. Scan sessions belong to the
 * production module; the id is kept as given (a positive int4), without a foreign key.
 */
export function printSession(ctx: Ctx, session: number): Promise<LabelPrint> {
  return record(ctx, { sessionId: session, mode: 'SESSION', keys: [], labelCount: 0 });
}
