import { type Order, WORK_LIST_TEXT, type WorkList } from '@cab/shared';
import type { Ctx } from '../../kit/context.ts';
import { renderPdf } from '../../kit/pdf.ts';
import { inchesText, orderCabinetLabels, shelfRows } from '../labels/index.ts';
import { getOrder } from '../orders/index.ts';
import * as repo from './repository.ts';

/**
 * The day's work list (issue 35): the orders planned on a day, soonest due first, each with its
 * cabinets still to build first (as its labels read them: finished side, finish; the hinge from
 * its line) and its shelf cut list; on screen and printed.
 */

type WorkOrder = WorkList['orders'][number];

async function workOrder(ctx: Ctx, order: Order): Promise<WorkOrder> {
  const hinges = new Map(order.groups.flatMap((g) => g.items.map((it) => [it.line_no, it.hinge ?? ''] as const)));
  const cabinets = (await orderCabinetLabels(ctx, order)).map((l) => ({
    barcode: l.barcode,
    code: l.code,
    description: l.description,
    finished_side: l.finishedSide,
    hinge: hinges.get(l.lineNo) ?? '',
    finish: l.finish,
    done: l.status === 'COMPLETED' || l.status === 'SHIPPED',
  }));
  return {
    order: { id: order.id, name: order.name, customer: order.customer_display },
    due_date: order.due_date,
    // Still to build first; each part keeps the labels' line and unit order.
    cabinets: [...cabinets.filter((c) => !c.done), ...cabinets.filter((c) => c.done)],
    shelves: shelfRows(order),
  };
}

/** GET /api/planner/days/{date}/work_list/ */
export async function workList(ctx: Ctx, day: string): Promise<WorkList> {
  const planned = await repo.plannedRowsOn(ctx.db, day);
  planned.sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.id - b.id);
  const orders: WorkOrder[] = [];
  for (const row of planned) orders.push(await workOrder(ctx, await getOrder(ctx, row.id)));
  return { date: day, orders };
}

const T = WORK_LIST_TEXT;
/** Column left edges and widths (points) on a letter page, 36 pt margins. */
const COLUMNS = [
  ['barcode', 36, 80],
  ['code', 118, 70],
  ['description', 190, 150],
  ['side', 342, 70],
  ['hinge', 414, 50],
  ['finish', 466, 110],
] as const;

/** The work list printed: one block per order, the cabinets' table, then its shelves to cut. */
export function workListPdf(list: WorkList): Promise<Buffer> {
  return renderPdf({ size: 'LETTER', margin: 36, info: { Title: T.title(list.date) } }, (doc) => {
    const bottom = doc.page.height - 48;
    const room = (h: number) => {
      if (doc.y + h > bottom) doc.addPage();
    };
    const row = (cells: Record<(typeof COLUMNS)[number][0], string>, bold = false) => {
      room(14);
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      for (const [key, x, width] of COLUMNS) doc.text(cells[key], x, y, { width, lineBreak: false, ellipsis: true });
      doc.x = 36;
      doc.y = y + 12;
    };
    doc.font('Helvetica-Bold').fontSize(16).text(T.title(list.date));
    if (list.orders.length === 0) doc.font('Helvetica').fontSize(11).text(T.none);
    for (const o of list.orders) {
      room(60);
      doc.moveDown(0.8);
      const left = o.cabinets.filter((c) => !c.done).length;
      doc.font('Helvetica-Bold').fontSize(12).text(`#${o.order.id} ${o.order.name} · ${o.order.customer}`, 36);
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`${T.due(o.due_date)} · ${T.toBuild(left, o.cabinets.length)}`);
      doc.moveDown(0.3);
      row(
        {
          barcode: T.columns.barcode,
          code: T.columns.code,
          description: T.columns.description,
          side: T.columns.side,
          hinge: T.columns.hinge,
          finish: T.columns.finish,
        },
        true,
      );
      for (const c of o.cabinets) {
        row({
          barcode: c.done ? `${c.barcode} (${T.done})` : c.barcode,
          code: c.code,
          description: c.description,
          side: c.finished_side,
          hinge: c.hinge,
          finish: c.finish,
        });
      }
      room(24);
      doc.moveDown(0.3);
      doc.font('Helvetica-Bold').fontSize(9).text(T.shelves, 36);
      doc.font('Helvetica').fontSize(8.5);
      if (o.shelves.length === 0) doc.text(T.noShelves, 36);
      for (const s of o.shelves) {
        room(12);
        doc.text(T.shelf(inchesText(s.width), inchesText(s.depth), s.qty), 36);
      }
    }
  });
}
