import { schema } from '@cab/db';
import { addDays, ordersApi, productionApi, reportsApi, weekdayOf } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { noPremiums } from './orders-fixtures.ts';
import { type Fixture, submit, submitForm } from './orders-lifecycle-helpers.ts';

/** Fixtures of the production tests: approved orders and scan sessions. */

/** An attachment line item of the demo catalogue. */
async function attachmentItem(f: Fixture) {
  const [row] = await f.t.handle.db
    .select({ id: schema.lineItems.id })
    .from(schema.lineItems)
    .where(eq(schema.lineItems.isAttachment, true))
    .limit(1);
  if (!row) throw new Error('the demo catalogue has no attachment');
  return row.id;
}

/**
 * A VERIFIED order of the personal customer: `lines` plain lines of `qty` units each, and with
 * `attachment` one attachment (qty 1) after the first line.
 */
export async function verifiedOrder(f: Fixture, options: { lines?: number; qty?: number; attachment?: boolean } = {}) {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < (options.lines ?? 1); i++) {
    items.push({ _id: `l${i}`, line_item: f.plainItem, qty: options.qty ?? 2, is_attachment: false });
    if (i === 0 && options.attachment) {
      items.push({ _id: 'att', line_item: await attachmentItem(f), qty: 1, is_attachment: true, parentId: 'l0' });
    }
  }
  const created = await f.t.call(ordersApi.create, {
    token: f.tokens.PERSONAL,
    body: { name: 'Production job', groups: [{ name: 'G1', premiums: noPremiums, items }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const submitted = await submit(f, f.tokens.PERSONAL, id, submitForm(f));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const approved = await f.t.call(ordersApi.approve, { token: f.tokens.ADMIN, params: { id }, body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body;
}

export async function openSession(f: Fixture, type: 'PRODUCTION' | 'SHIPPING' | 'AUDIT', token = f.tokens.STAFF) {
  const res = await f.t.call(productionApi.sessionCreate, { token, body: { type, station: 'Line 1' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

export const scanCode = (f: Fixture, session: number, code: string, clientScanId?: string, token = f.tokens.STAFF) =>
  f.t.call(productionApi.scan, {
    token,
    params: { id: session },
    body: clientScanId ? { code, client_scan_id: clientScanId } : { code },
  });

export async function barcodesOf(f: Fixture, orderId: number): Promise<string[]> {
  const res = await f.t.call(productionApi.cabinets, { token: f.tokens.STAFF, params: { id: orderId } });
  expect(res.status).toBe(200);
  return res.body.results.map((c: { barcode: string }) => c.barcode);
}

/** The rows as stored, to check what the answers say. */
export async function cabinetRows(f: Fixture, orderId: number) {
  return f.t.handle.db.select().from(schema.cabinets).where(eq(schema.cabinets.orderId, orderId));
}

export async function scanRows(f: Fixture, session: number, result?: string) {
  const s = schema.scans;
  return f.t.handle.db
    .select()
    .from(s)
    .where(and(eq(s.sessionId, session), result ? eq(s.result, result as 'OK') : undefined));
}

/** The first day from `from` on that the planner takes (not a weekend, not a shop holiday). */
export async function firstWorkingDay(f: Fixture, from: string): Promise<string> {
  const list = await f.t.call(reportsApi.plannerList, {
    token: f.tokens.STAFF,
    query: { date_after: from, date_before: addDays(from, 20) },
  });
  const closed = new Set<string>(list.body.holidays);
  let day = from;
  while ([0, 6].includes(weekdayOf(day)) || closed.has(day)) day = addDays(day, 1);
  return day;
}
