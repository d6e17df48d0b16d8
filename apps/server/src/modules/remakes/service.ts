import {
  DEFAULT_REMAKE_STATUS_FILTER,
  ERROR_CODES,
  ORDER_LIMITS,
  type OrderGroupInput,
  type Paged,
  REMAKE_TEXT,
  type Remake,
  type RemakeItem,
  type RemakeListQuery,
  type RemakeSource,
  type RemakeStatus,
  type remakeRequestSchema,
  toPaged,
} from '@cab/shared';
import type { z } from 'zod';
import { type Ctx, nowOf } from '../../kit/context.ts';
import { badRequest, fieldError, notFound } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { userNames } from '../auth/index.ts';
import { getSettings } from '../core/index.ts';
import { publishEvent } from '../events/index.ts';
import { orderCabinetLabels, productionOrder } from '../labels/index.ts';
import { approveOrder, copyRemakeDelivery, createOrder, getOrder, markNoCharge, moveOrder } from '../orders/index.ts';
import * as repo from './repository.ts';

/**
 * Remakes (DOMAIN.md "Remakes", issue 18; decision 0029): the shop asks for cabinets of an order
 * in production to be made again; an admin approves (a linked remake order is created through the
 * orders module's use cases and put in production) or rejects.
 */

const REMAKE_CODES = { notOpen: 'remake_not_open', notInProduction: 'order_not_in_production' } as const;

async function toWire(ctx: Ctx, rows: repo.RemakeRow[]): Promise<Remake[]> {
  const ids = rows.flatMap((r) => [r.requestedById, r.decidedById]).filter((v): v is number => v !== null);
  const names = await userNames(ctx.db, ids);
  const person = (id: number | null) => (id === null ? null : { id, full_name: names.get(id) ?? '' });
  return rows.map((r) => ({
    id: r.id,
    order: { id: r.orderId, name: r.orderName },
    status: r.status as RemakeStatus,
    reason: r.reason,
    source: r.source as RemakeSource,
    notes: r.notes,
    items: r.items,
    requested_by: person(r.requestedById),
    requested_at: r.requestedAt.toISOString(),
    remake_order: r.remakeOrderId === null ? null : { id: r.remakeOrderId, name: r.remakeOrderName ?? '' },
    decided_by: person(r.decidedById),
    decided_at: r.decidedAt?.toISOString() ?? null,
    reject_reason: r.rejectReason,
    charged: r.charged,
  }));
}

const one = async (ctx: Ctx, row: repo.RemakeRow) => (await toWire(ctx, [row]))[0] as Remake;

type RequestBody = z.output<typeof remakeRequestSchema>;

/** POST {id}/remake/: the cabinets (barcodes of this order), a reason of settings.remake_reasons, a source. */
export async function requestRemake(ctx: Ctx, orderId: number, body: RequestBody): Promise<Remake> {
  const { remake_reasons } = await getSettings(ctx);
  if (!remake_reasons.reasons.includes(body.reason)) {
    throw fieldError(ERROR_CODES.validation, 'reason', REMAKE_TEXT.reasonUnknown);
  }
  const order = await productionOrder(ctx, orderId);
  // The order's real cabinets where production made them (labels' orderCabinetLabels).
  const cabinets = new Map((await orderCabinetLabels(ctx, order)).map((c) => [c.barcode, c]));
  const lines = new Map(order.groups.flatMap((g) => g.items).map((it) => [it.line_no, it]));
  const chosen: RemakeItem[] = [];
  const seen = new Set<string>();
  for (const { barcode } of body.items) {
    const cabinet = cabinets.get(barcode);
    if (!cabinet) throw fieldError(ERROR_CODES.validation, 'items', REMAKE_TEXT.unknownBarcode(barcode));
    if (seen.has(barcode)) throw fieldError(ERROR_CODES.validation, 'items', REMAKE_TEXT.duplicateBarcode(barcode));
    seen.add(barcode);
    chosen.push({
      barcode,
      line_no: cabinet.lineNo,
      unit_no: cabinet.unitNo,
      manufacturer_code: cabinet.code,
      description: cabinet.description,
    });
  }
  // An attachment is made with its cabinet (SPEC 4): the remake order could not carry it alone.
  const chosenLines = new Set(chosen.map((c) => c.line_no));
  for (const c of chosen) {
    const line = lines.get(c.line_no);
    if (!line?.is_attachment) continue;
    const parent = [...lines.values()].find((l) => !l.is_attachment && l._id === line.parentId);
    if (!parent || !chosenLines.has(parent.line_no)) {
      throw fieldError(
        ERROR_CODES.validation,
        'items',
        REMAKE_TEXT.attachmentWithoutParent(c.barcode, parent?.line_no ?? 0),
      );
    }
  }
  return transaction(ctx, async (tx) => {
    const row = await repo.insertRemake(tx.db, {
      orderId: order.id,
      orderName: order.name,
      reason: body.reason,
      source: body.source,
      notes: body.notes ?? '',
      items: chosen,
      requestedById: ctx.actor.id,
      ...(ctx.at ? { requestedAt: ctx.at } : {}),
    });
    const wire = await one(tx, row);
    await audit(tx, { entity: 'remake', id: row.id, action: 'create', before: null, after: wire });
    await publishEvent(tx.db, 'remake', { id: row.id, order_id: row.orderId, status: row.status as RemakeStatus });
    return wire;
  });
}

/** GET {id}/remake/: the order's remakes (404 for an order the caller cannot reach). */
export async function remakesOfOrder(ctx: Ctx, orderId: number): Promise<Paged<Remake>> {
  await getOrder(ctx, orderId);
  const rows = await repo.remakesOfOrder(ctx.db, orderId);
  return { results: await toWire(ctx, rows), total: rows.length };
}

/** GET remake_list/: status defaults to OPEN (SPEC 4). */
export async function listRemakes(ctx: Ctx, query: RemakeListQuery): Promise<Paged<Remake>> {
  const page = await repo.listRemakes(
    ctx.db,
    { ...query, status: query.status ?? [...DEFAULT_REMAKE_STATUS_FILTER] },
    pageWindow(query),
  );
  const wire = await toWire(ctx, page.rows);
  return toPaged({ rows: wire, total: page.total }, (r) => r);
}

async function openRemake(tx: Ctx, id: number): Promise<repo.RemakeRow> {
  const row = await repo.lockRemake(tx.db, id);
  if (!row) throw notFound();
  if (row.status !== 'OPEN') throw badRequest(REMAKE_CODES.notOpen, REMAKE_TEXT.notOpen);
  return row;
}

/** The remade lines as a draft: each line once, with as many units as were asked, in its group. */
function remakeGroups(source: Awaited<ReturnType<typeof getOrder>>, items: readonly RemakeItem[]): OrderGroupInput[] {
  const units = new Map<number, number>();
  for (const it of items) units.set(it.line_no, (units.get(it.line_no) ?? 0) + 1);
  return source.groups
    .map(
      (g): OrderGroupInput => ({
        name: g.name,
        premiums: g.premiums,
        items: g.items
          .filter((it) => units.has(it.line_no) && it.line_item !== null)
          .map((it) => ({
            _id: it._id,
            line_item: it.line_item as number,
            qty: units.get(it.line_no) as number,
            hinge: it.hinge as OrderGroupInput['items'][number]['hinge'],
            finished_side: it.finished_side,
            is_attachment: it.is_attachment,
            parentId: it.parentId,
          })),
      }),
    )
    .filter((g) => g.items.length > 0);
}

/**
 * PATCH remake/{id}/approve/: in one transaction, a BID for the same customer with the remade
 * lines (createOrder), shipped as the source was and due after the remake lead time
 * (copyRemakeDelivery), marked "no charge" unless charged (markNoCharge: a 100 % discount and no
 * surcharge or tax, exactly $0.00; charged, it is priced normally), then
 * submitted by the status writer (moveOrder 'submit': no payment or address form for a remake)
 * and approved (approveOrder: VERIFIED, so it enters production and the approve listeners run).
 */
export async function approveRemake(ctx: Ctx, id: number, charged: boolean): Promise<Remake> {
  return transaction(ctx, async (tx) => {
    const remake = await openRemake(tx, id);
    const source = await getOrder(tx, remake.orderId);
    const name = REMAKE_TEXT.remakeOrderName(source.name, remake.id);
    const created = await createOrder(tx, {
      name: name.length > ORDER_LIMITS.name ? name.slice(0, ORDER_LIMITS.name) : name,
      po_number: source.po_number,
      customer: source.customer,
      groups: remakeGroups(source, remake.items),
    });
    // Where and when it goes: the source's delivery, due remake_lead_time business days from today.
    await copyRemakeDelivery(tx, created.id, source.id);
    if (!charged) {
      await markNoCharge(tx, created.id, REMAKE_TEXT.remakeOrderNote(source.id, remake.id));
    }
    await moveOrder(tx, created.id, 'submit');
    const approved = await approveOrder(tx, created.id);
    const row = await repo.updateRemake(tx.db, id, {
      status: 'APPROVED',
      charged,
      decidedById: ctx.actor.id,
      decidedAt: nowOf(ctx),
      remakeOrderId: approved.id,
      remakeOrderName: approved.name,
    });
    await publishEvent(tx.db, 'remake', { id, order_id: row.orderId, status: row.status as RemakeStatus });
    const before = await one(tx, remake);
    const after = await one(tx, row);
    // The remake order's own trail says where it came from (its create event is the orders
    // module's); the source order's trail is left to its status moves.
    await audit(tx, {
      entity: 'remake',
      id,
      action: 'approve',
      before,
      after: { ...after, source_order: source.id, total_price: approved.total_price },
    });
    return after;
  });
}

/** PATCH remake/{id}/reject/ with the reason. */
export async function rejectRemake(ctx: Ctx, id: number, reason: string): Promise<Remake> {
  return transaction(ctx, async (tx) => {
    const remake = await openRemake(tx, id);
    const row = await repo.updateRemake(tx.db, id, {
      status: 'REJECTED',
      rejectReason: reason,
      decidedById: ctx.actor.id,
      decidedAt: nowOf(ctx),
    });
    const after = await one(tx, row);
    await audit(tx, { entity: 'remake', id, action: 'reject', before: await one(tx, remake), after });
    await publishEvent(tx.db, 'remake', { id, order_id: row.orderId, status: row.status as RemakeStatus });
    return after;
  });
}
