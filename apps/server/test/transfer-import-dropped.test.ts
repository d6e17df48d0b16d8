import { schema } from '@cab/db';
import { ORDER_IMPORT_AUDIT_ACTION, ORDER_LIMITS, type Order, ordersApi, TRANSFER_TEXT } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { orderCatalogue } from './orders-fixtures.ts';
import { design2020, importOrder } from './transfer-fixtures.ts';

/**
 * Issue 29: the order import says which lines it dropped and why, keeps them on the order (its
 * timeline), and names the order after the file's Project Name when no name is given.
 */

let t: TestApp;
let admin: string;
let personal: string;
let personalId: number;

beforeAll(async () => {
  t = await setupTestApp();
  [admin, personal] = await Promise.all([t.login('ADMIN'), t.login('PERSONAL')]);
  await orderCatalogue(t);
  const [me] = await t.handle.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, 'personal@demo.test'));
  personalId = me!.id;
});
afterAll(() => t.close());

const xml = design2020(
  [
    {
      name: 'Kitchen',
      items: [
        { code: 'ZB24', qty: 2, children: [{ code: 'ZW30' }] },
        { code: 'XYZ-NOT-IN-CATALOGUE', qty: 1 },
      ],
    },
    { name: 'Pantry', items: [{ code: 'ZT84', qty: 'lots' }, { code: 'ZW30' }] },
  ],
  'Smith residence',
);
/** The file line of the n-th <Item> holding `code`. */
const lineOf = (code: string, nth = 0) =>
  xml
    .split('\n')
    .map((l, i) => (l.includes(`<UserCode>${code}</UserCode>`) ? i : -1))
    .filter((i) => i >= 0)[nth]!; // the <Item> line is the one above, counted from 1

const expectedDropped = () => [
  { line: lineOf('ZW30', 0), code: 'ZW30', room: 'Kitchen', reason: TRANSFER_TEXT.cabinetAsAttachment },
  {
    line: lineOf('XYZ-NOT-IN-CATALOGUE'),
    code: 'XYZ-NOT-IN-CATALOGUE',
    room: 'Kitchen',
    reason: TRANSFER_TEXT.unknownCode,
  },
  { line: lineOf('ZT84'), code: 'ZT84', room: 'Pantry', reason: TRANSFER_TEXT.badQuantity(ORDER_LIMITS.qty) },
];

const importEvents = (orderId: number) =>
  t.handle.db
    .select()
    .from(schema.auditEvents)
    .where(
      and(
        eq(schema.auditEvents.entity, 'order'),
        eq(schema.auditEvents.entityId, String(orderId)),
        eq(schema.auditEvents.action, ORDER_IMPORT_AUDIT_ACTION),
      ),
    );

describe('the order import, its dropped lines and its name', () => {
  it('answers every dropped line with its line, code, room and reason, and the preview names it after the Project Name', async () => {
    const res = await importOrder(t, admin, xml, { created_by: String(personalId), preview: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toBeNull();
    expect(res.body.name).toBe('Smith residence');
    expect([res.body.imported, res.body.failed]).toEqual([2, 3]);
    expect(res.body.dropped).toEqual(expectedDropped());
    // The older list says the same.
    expect(res.body.unknown.map((u: { user_code: string }) => u.user_code)).toEqual(
      expectedDropped().map((d) => d.code),
    );
  });

  it('an import without a name makes an order named after the Project Name; a given name wins', async () => {
    const res = await importOrder(t, admin, xml, { created_by: String(personalId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.order as Order).name).toBe('Smith residence');
    const blank = await importOrder(t, admin, xml, { created_by: String(personalId), name: '   ' });
    expect(blank.body.order.name).toBe('Smith residence');
    const named = await importOrder(t, admin, xml, { created_by: String(personalId), name: 'Smith kitchen' });
    expect(named.body.order.name).toBe('Smith kitchen');
    expect(named.body.name).toBe('Smith kitchen');
  });

  it('keeps the dropped lines on the order: its timeline, for the shop and for the customer who imported', async () => {
    const res = await importOrder(t, personal, xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.order as Order).id;
    for (const token of [admin, personal]) {
      const timeline = await t.call(ordersApi.timeline, { token, params: { id } });
      expect(timeline.status).toBe(200);
      const event = (timeline.body.results as { action: string; after: Record<string, unknown> }[]).find(
        (e) => e.action === ORDER_IMPORT_AUDIT_ACTION,
      );
      expect(event?.after).toEqual({
        file: 'design.xml',
        project: 'Smith residence',
        imported: 2,
        failed: 3,
        dropped: expectedDropped(),
      });
    }
    expect(await importEvents(id)).toHaveLength(1);
  });

  it('a preview and a refused import keep nothing', async () => {
    const before = await t.handle.db.$count(
      schema.auditEvents,
      eq(schema.auditEvents.action, ORDER_IMPORT_AUDIT_ACTION),
    );
    await importOrder(t, admin, xml, { created_by: String(personalId), preview: 'true' });
    // A customer importing for someone else is refused by createOrder, inside the same transaction.
    expect((await importOrder(t, personal, xml, { created_by: '1' })).status).toBe(403);
    expect(await t.handle.db.$count(schema.auditEvents, eq(schema.auditEvents.action, ORDER_IMPORT_AUDIT_ACTION))).toBe(
      before,
    );
  });

  it('a Project Name longer than an order name is clipped to fit', async () => {
    const long = design2020([{ name: 'K', items: [{ code: 'ZB24' }] }], 'P'.repeat(300));
    const res = await importOrder(t, admin, long, { created_by: String(personalId) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.name).toBe('P'.repeat(ORDER_LIMITS.name));
  });
});
