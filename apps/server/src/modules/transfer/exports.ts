import { cabinetBarcode, EXPORT_PREMIUM_SLOTS, ORDER_EXPORT_COLUMNS, type Order, orderSchema } from '@cab/shared';
import YAML from 'yaml';
import { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { toCsv } from '../../kit/csv.ts';
import { lineItemsForTransfer, premiumsForExport } from '../catalog/index.ts';
import { getOrder } from '../orders/index.ts';

/**
 * The order's rows for the shop's CNC software: one per cabinet (every unit of every line,
 * attachments included, as production labels them: `{order id}-{line_no 2 digits}-{unit}`), with
 * the line item's export names 1..4, its finished side, and each group premium's export name and
 * export category.
 */
async function exportRows(ctx: Ctx, order: Order): Promise<Record<string, unknown>[]> {
  const lines = order.groups.flatMap((g) => g.items);
  const itemIds = [...new Set(lines.map((l) => l.line_item).filter((id): id is number => id !== null))];
  const premiumIds = [
    ...new Set(
      [
        ...order.groups.flatMap((g) => EXPORT_PREMIUM_SLOTS.map((s) => g.premiums[s])),
        ...lines.map((l) => l.finished_side),
      ].filter((id): id is number => id !== null),
    ),
  ];
  const [items, premiums] = await Promise.all([
    lineItemsForTransfer(ctx.db, { ids: itemIds }),
    premiumsForExport(ctx.db, premiumIds),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const premiumById = new Map(premiums.map((p) => [p.id, p]));
  const rows: Record<string, unknown>[] = [];
  for (const group of order.groups) {
    const lineNoOf = new Map(group.items.map((l) => [l._id, l.line_no]));
    const premiumCells: Record<string, unknown> = {};
    for (const slot of EXPORT_PREMIUM_SLOTS) {
      const p = group.premiums[slot] === null ? undefined : premiumById.get(group.premiums[slot]!);
      premiumCells[`${slot}_export_name`] = p?.exportName ?? '';
      premiumCells[`${slot}_export_category`] = p?.exportCategory ?? '';
    }
    for (const line of group.items) {
      const item = line.line_item === null ? undefined : itemById.get(line.line_item);
      const side = line.finished_side === null ? undefined : premiumById.get(line.finished_side);
      for (let unit = 1; unit <= line.qty; unit++) {
        rows.push({
          barcode: cabinetBarcode(order.id, line.line_no, unit),
          order_id: order.id,
          order_name: order.name,
          group: group.name,
          line_no: line.line_no,
          unit_no: unit,
          code: line.manufacturer_code,
          description: line.description,
          is_attachment: line.is_attachment,
          parent_line_no: line.parentId ? (lineNoOf.get(line.parentId) ?? '') : '',
          export_name_1: item?.exportName1 ?? '',
          export_name_2: item?.exportName2 ?? '',
          export_name_3: item?.exportName3 ?? '',
          export_name_4: item?.exportName4 ?? '',
          width: line.width ?? '',
          height: line.height ?? '',
          depth: line.depth ?? '',
          hinge: line.hinge ?? item?.hinge ?? '',
          finish: line.finish,
          // The catalogue's code, else the one the line was priced with; a finished side may have no export name (SPEC).
          finished_side: side?.code ?? line.breakdown.finished_side?.code ?? '',
          finished_side_export_name: side?.exportName ?? '',
          ...premiumCells,
        });
      }
    }
  }
  return rows;
}

/** GET /api/orders/{id}/export/: the CNC CSV. */
export async function exportOrderCsv(ctx: Ctx, id: number): Promise<string> {
  const order = await getOrder(ctx, id);
  return toCsv(ORDER_EXPORT_COLUMNS, await exportRows(ctx, order));
}

/** GET /api/orders/{id}/yaml/: the order as its detail answers it, as YAML. */
export async function exportOrderYaml(ctx: Ctx, id: number): Promise<string> {
  const order = await getOrder(ctx, id);
  return YAML.stringify(z.encode(orderSchema, order), { lineWidth: 0 });
}
