import { schema } from '@cab/db';
import {
  type Cents,
  DAY_MS,
  dayIn,
  type InvoiceRow,
  MILESTONE_STATUSES,
  type PayMethod,
  parseMoney,
  toWire,
} from '@cab/shared';
import { inArray } from 'drizzle-orm';
import type { Actor, Ctx, RequestContext } from '../kit/context.ts';
import {
  createCredit,
  invoiceDetail,
  listInvoiceRows,
  payMilestone,
  reverseCredit,
  seedBank,
} from '../modules/invoices/index.ts';

/**
 * Demo money (issue 17), through the invoices module's services: the demo orders past VERIFIED
 * got their invoices when the demo seed approved them (the approve listener); here the older
 * ones are paid by check, cash and wire, some only in part, the newest left open (their
 * on-approval milestones overdue), a company credit memo is applied, a customer's is applied and
 * then reversed, and the personal customer's bank account waits for its micro-deposits.
 * Idempotent: nothing is added once a payment exists.
 */

const METHODS: PayMethod[] = ['CHECK', 'CASH', 'WIRE'];

export async function seedDemoInvoices(ctx: RequestContext, now = new Date()): Promise<number> {
  const people = await ctx.db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.email, ['admin@demo.test', 'manager@demo.test', 'personal@demo.test']));
  const admin = people.find((u) => u.email === 'admin@demo.test');
  if (!admin) return 0;
  const [anyPayment] = await ctx.db.select({ id: schema.payments.id }).from(schema.payments).limit(1);
  if (anyPayment) return 0;
  const adminActor: Actor = {
    id: admin.id,
    email: admin.email,
    role: 'ADMIN',
    companyId: null,
    tokenId: 0,
    mustChangePassword: false,
  };
  const as = (at: Date): Ctx => ({ ...ctx, actor: adminActor, at });
  const all = await listInvoiceRows(as(now), {
    page: 1,
    page_size: 1000,
    status: MILESTONE_STATUSES.filter((s) => s !== 'VOID'),
  } as Parameters<typeof listInvoiceRows>[1]);
  const invoices = [...all.results].sort((a, b) => a.issued_at.localeCompare(b.issued_at));
  if (invoices.length === 0) return 0;

  let payments = 0;
  // The oldest two thirds paid (every third one only its first milestone, half of it), the rest open.
  const paidCount = Math.floor((invoices.length * 2) / 3);
  for (const [i, row] of invoices.slice(0, paidCount).entries()) {
    const issued = new Date(row.issued_at);
    const at = new Date(Math.min(now.getTime() - DAY_MS, issued.getTime() + (2 + (i % 9)) * DAY_MS));
    const detail = await invoiceDetail(as(at), row.id);
    const partial = i % 3 === 2;
    for (const m of partial ? detail.milestones.slice(0, 1) : detail.milestones) {
      if (m.balance === '0.00' || m.status === 'VOID') continue;
      const method = METHODS[(i + m.seq) % METHODS.length]!;
      const half = toWire(Math.floor(parseMoney(m.balance)! / 2) as Cents);
      await payMilestone(as(at), m.id, {
        method,
        ...(partial && half !== '0.00' ? { amount: half } : {}),
        reference: method === 'CHECK' ? `CHK ${1000 + i}` : method === 'WIRE' ? `WIRE-${20_260 + i}` : '',
        received_on: dayIn(at, 'UTC'),
        notes: 'Demo payment',
        idempotency_key: `demo-${m.id}`,
      });
      payments++;
    }
  }

  const open = invoices.slice(paidCount);
  // Each credit goes to an open invoice of its own account (a memo pays only its party's invoices).
  const parties = await ctx.db
    .select({ id: schema.invoices.id, customerId: schema.invoices.customerId, companyId: schema.invoices.companyId })
    .from(schema.invoices)
    .where(inArray(schema.invoices.id, open.length ? open.map((r) => r.id) : [0]));
  const partyOf = new Map(parties.map((p) => [p.id, p]));
  const openOf = (pick: (p: { customerId: number; companyId: number | null }) => boolean): InvoiceRow | undefined =>
    open.find((r) => {
      const party = partyOf.get(r.id);
      return party !== undefined && pick(party);
    });
  const manager = people.find((u) => u.email === 'manager@demo.test');
  const personal = people.find((u) => u.email === 'personal@demo.test');
  const at = new Date(now.getTime() - 3 * DAY_MS);
  // A company credit, applied to one of its open invoices.
  if (manager?.companyId) {
    const memo = await createCredit(
      as(at),
      { type: 'company', id: manager.companyId },
      {
        amount: '150.00',
        notes: 'Goodwill credit for a late delivery',
      },
    );
    const target = openOf((p) => p.companyId === manager.companyId);
    if (target) {
      const m = (await invoiceDetail(as(at), target.id)).milestones.find((x) => x.balance !== '0.00');
      if (m) {
        const amount = parseMoney(m.balance)! < 15_000 ? m.balance : '150.00';
        await payMilestone(as(at), m.id, {
          method: 'CREDIT',
          credit_memo: memo.id,
          amount,
          idempotency_key: `demo-credit-${m.id}`,
        });
      }
    }
  }
  // A customer's credit, applied and then reversed.
  if (personal) {
    const memo = await createCredit(
      as(at),
      { type: 'customer', id: personal.id },
      {
        amount: '75.00',
        notes: 'Price match on a hinge upgrade',
      },
    );
    const target = openOf((p) => p.companyId === null && p.customerId === personal.id);
    if (target) {
      const m = (await invoiceDetail(as(at), target.id)).milestones.find((x) => parseMoney(x.balance)! >= 2_500);
      if (m) {
        await payMilestone(as(at), m.id, {
          method: 'CREDIT',
          credit_memo: memo.id,
          amount: '25.00',
          idempotency_key: `demo-credit-${m.id}`,
        });
      }
    }
    await reverseCredit(as(new Date(at.getTime() + DAY_MS)), memo.id, 'Issued to the wrong account');
    await seedBank(ctx, { userId: personal.id, companyId: null }, 'Pat Personal');
  }
  return payments;
}
