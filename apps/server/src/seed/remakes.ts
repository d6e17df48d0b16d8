import { type Executor, schema } from '@cab/db';
import { cabinetBarcode, DAY_MS, type Order, type RemakeSource } from '@cab/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Actor, Ctx, RequestContext } from '../kit/context.ts';
import { printList } from '../modules/labels/index.ts';
import { getOrder } from '../modules/orders/index.ts';
import { approveRemake, rejectRemake, requestRemake } from '../modules/remakes/index.ts';

/**
 * Demo remakes (one or more in each status) and label print records for the demo orders in
 * production, through the labels and remakes modules (decision 0024), so /orders/remakes and the
 * order page's labels show something on first start. Only while there are no remakes yet.
 */

const { orders, remakes, users } = schema;

const PLANS: { reason: string; source: RemakeSource; notes: string; decide?: 'approve' | 'charge' | 'reject' }[] = [
  { reason: 'Damaged in shipping', source: 'DELIVERY', notes: 'Corner crushed on the truck; customer sent photos.' },
  { reason: 'Production defect', source: 'SHOP', notes: 'Face frame glue joint opened at final sanding.' },
  { reason: 'Wrong finish', source: 'CUSTOMER', notes: 'Stain darker than the approved sample.', decide: 'approve' },
  {
    reason: 'Installation damage',
    source: 'INSTALLATION',
    notes: 'Installer cut the wrong side panel.',
    decide: 'charge',
  },
  {
    reason: 'Wrong size ordered',
    source: 'CUSTOMER',
    notes: 'Customer measured 30 in instead of 33 in.',
    decide: 'reject',
  },
];

async function shopActors(tx: Executor): Promise<{ admin: Actor; staff: Actor } | null> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'staff@demo.test']));
  const actor = (email: string, role: 'ADMIN' | 'STAFF'): Actor | null => {
    const u = rows.find((r) => r.email === email);
    return u ? { id: u.id, email: u.email, role, companyId: null, tokenId: 0, mustChangePassword: false } : null;
  };
  const admin = actor('admin@demo.test', 'ADMIN');
  const staff = actor('staff@demo.test', 'STAFF') ?? admin;
  return admin && staff ? { admin, staff } : null;
}

/** The first cabinet (a line that is not an attachment) and its barcode. */
function firstCabinet(order: Order): string | null {
  const line = order.groups.flatMap((g) => g.items).find((it) => !it.is_attachment && it.qty > 0);
  return line ? cabinetBarcode(order.id, line.line_no, 1) : null;
}

export async function seedDemoRemakes(ctx: RequestContext, now = new Date()): Promise<number> {
  const tx = ctx.db;
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(remakes);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const actors = await shopActors(tx);
  if (!actors) return 0;
  const inProduction = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.status, ['IN_PROGRESS', 'PARTIALLY_COMPLETED', 'COMPLETED', 'SHIPPED']))
    .orderBy(asc(orders.id))
    .limit(PLANS.length + 3);
  if (inProduction.length === 0) return 0;
  const as = (actor: Actor, daysAgo: number): Ctx => ({
    ...ctx,
    actor,
    at: new Date(now.getTime() - daysAgo * DAY_MS),
  });

  let made = 0;
  for (const [i, plan] of PLANS.entries()) {
    const source = inProduction[i % inProduction.length];
    if (!source) continue;
    const order = await getOrder(as(actors.staff, 0), source.id);
    const barcode = firstCabinet(order);
    if (!barcode) continue;
    const asked = await requestRemake(as(actors.staff, 6 - i), order.id, {
      items: [{ barcode }],
      reason: plan.reason,
      source: plan.source,
      notes: plan.notes,
    });
    made++;
    if (plan.decide === 'reject') {
      await rejectRemake(as(actors.admin, 5 - i), asked.id, 'The order confirmation showed 30 in; not a shop error.');
    } else if (plan.decide) {
      await approveRemake(as(actors.admin, 5 - i), asked.id, plan.decide === 'charge');
    }
  }
  // Labels printed for the orders in production: all cabinet labels, and a shelf run for one.
  for (const [i, { id }] of inProduction.slice(0, 4).entries()) {
    await printList(as(actors.staff, 8 - i), { order: id, mode: 'cabinet' });
  }
  if (inProduction[0]) await printList(as(actors.staff, 7), { order: inProduction[0].id, mode: 'shelf' });
  return made;
}
