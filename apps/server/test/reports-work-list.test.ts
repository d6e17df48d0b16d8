import { schema } from '@cab/db';
import { addDays, reportsApi, todayIn } from '@cab/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionOrder } from './labels-fixtures.ts';
import { type Fixture, setupFixture } from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';
import { barcodesOf, firstWorkingDay, openSession, scanCode, verifiedOrder } from './production-helpers.ts';

/** Issue 35: the day's work list, on screen and printed. */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const workingDay = (from: string) => firstWorkingDay(f, from);

const plan = async (id: number, planned_date: string) =>
  expect(
    (
      await f.t.call(reportsApi.plannerUpdate, {
        token: f.tokens.STAFF,
        params: { id },
        body: { planned_date, force: true },
      })
    ).status,
  ).toBe(200);

const workList = (date: string, query: Record<string, string> = {}, token = f.tokens.STAFF) =>
  f.t.call(reportsApi.workList, { token, params: { date }, query });

describe('work list', () => {
  it("lists each planned order's cabinets still to build first, with finished side, hinge and finish, and its shelves", async () => {
    const day = await workingDay(addDays(todayIn(), 30));
    const labelled = await productionOrder(f.t, f.tokens.ADMIN);
    await f.t.handle.db.update(schema.orderItems).set({ hinge: 'L' }).where(eq(schema.orderItems.orderId, labelled.id));
    await plan(labelled.id, day);
    const scanned = await verifiedOrder(f, { lines: 1, qty: 3 });
    const [first] = await barcodesOf(f, scanned.id);
    const session = await openSession(f, 'PRODUCTION');
    expect((await scanCode(f, session, first!)).body.result).toBe('OK');
    await plan(scanned.id, day);

    const res = await workList(day);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.date).toBe(day);
    const byId = new Map(res.body.orders.map((o: { order: { id: number } }) => [o.order.id, o]));
    const a = byId.get(labelled.id) as any;
    expect(a.order).toEqual({ id: labelled.id, name: 'Label & <test> kitchen', customer: expect.any(String) });
    expect(a.cabinets).toHaveLength(6);
    expect(a.cabinets[0]).toEqual({
      barcode: `${labelled.id}-01-1`,
      code: 'ZB24',
      description: expect.any(String),
      finished_side: 'ZFSIDE',
      hinge: 'L',
      finish: expect.any(String),
      done: false,
    });
    expect(a.shelves).toEqual([{ width: 24, depth: 24, qty: 2 }]);
    const b = byId.get(scanned.id) as any;
    // The completed cabinet comes last.
    expect(b.cabinets.map((c: { done: boolean }) => c.done)).toEqual([false, false, true]);
    expect(b.cabinets[2].barcode).toBe(first);

    const pdf = await f.t.app.inject({
      method: 'GET',
      url: `/api/planner/days/${day}/work_list/?format=pdf`,
      headers: { authorization: `Token ${f.tokens.STAFF}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Work list ${day}`);
    expect(text).toContain(`#${labelled.id} Label & <test> kitchen`);
    expect(text).toContain('6 of 6 cabinets to build');
    expect(text).toContain('2 of 3 cabinets to build');
    expect(text).toContain('ZFSIDE');
    expect(text).toContain('Shelves to cut');
    expect(text).toContain('2 x 24W x 24D');
    expect(text).toContain(`${first} (done)`);
  });

  it('an empty day is an empty list; a bad date 400; customers 403', async () => {
    const day = addDays(todayIn(), 400);
    expect((await workList(day)).body).toEqual({ date: day, orders: [] });
    expect((await workList('2026-13-40')).status).toBe(400);
    expect((await workList(day, {}, f.tokens.PERSONAL)).status).toBe(403);
  });
});
