import { DAY_MS, FINANCE_TEXT, formatMoney, MSG } from '@cab/shared';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { notFound } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { activeManagersOf, companyName } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { findUserWithCompany } from '../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../email/index.ts';
import { partyDues } from '../invoices/index.ts';
import { ordersAwaitingPickup } from '../orders/index.ts';

/**
 * Payment and pickup reminders (DOMAIN.md: "e-mails from templates"; issue 17): an admin sends
 * them to a customer, or to a company's active managers. Each call queues its e-mails in the
 * outbox in one transaction with its audit event and answers how many it queued.
 */

export type PartyKind = 'customer' | 'company';

interface Recipient {
  firstName: string;
  lastName: string;
  email: string;
}
interface Party {
  kind: PartyKind;
  id: number;
  company: { name: string } | null;
  recipients: Recipient[];
  owner: { customerId: number } | { companyId: number };
  /** Whose balance the payment reminder names: the aging report's party (a business customer's company). */
  ledgerParty: { customerId: number } | { companyId: number };
}

/** The customer (not staff) or the company named in the path, with who receives its mail; 404 otherwise. */
async function partyOf(ctx: Ctx, kind: PartyKind, id: number): Promise<Party> {
  if (kind === 'company') {
    const name = await companyName(ctx.db, id);
    if (name === null) throw notFound(MSG.companyNotFound);
    const recipients = await activeManagersOf(ctx.db, id);
    return { kind, id, company: { name }, recipients, owner: { companyId: id }, ledgerParty: { companyId: id } };
  }
  const found = await findUserWithCompany(ctx.db, id);
  const u = found?.user;
  if (!u || u.accountType === null || u.isStaff || u.isEmployee) throw notFound(MSG.userNotFound);
  const company = found.company ? { name: found.company.name } : null;
  // A business customer's invoices are its company's: the aging report lists them under the company.
  const ledgerParty = u.companyId !== null ? { companyId: u.companyId } : { customerId: id };
  return { kind, id, company, recipients: u.isActive ? [u] : [], owner: { customerId: id }, ledgerParty };
}

async function record(tx: Ctx, party: Party, action: string, to: string[]) {
  await audit(tx, {
    entity: party.kind === 'company' ? 'company' : 'user',
    id: party.id,
    action,
    after: { queued: to.length, to },
  });
  return { queued: to.length };
}

/** YYYY-MM-DD as the e-mails write a date: "Oct 31, 2026". */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The payment_reminder e-mail to the party's recipients. */
export function sendPaymentReminder(ctx: Ctx, kind: PartyKind, id: number) {
  return transaction(ctx, async (tx) => {
    const party = await partyOf(tx, kind, id);
    // From the ledger, as the aging report says it today (issue 34): what is past due with its
    // oldest due date, and apart what falls due next with its date; each null when there is none.
    const dues = await partyDues(tx.db, party.ledgerParty, todayOf(tx));
    const pastDue =
      dues.pastDue > 0 && dues.oldestDueDate
        ? { amount: formatMoney(dues.pastDue), date: formatDay(dues.oldestDueDate) }
        : null;
    const nextDue =
      dues.nextDue > 0 && dues.nextDueDate
        ? { amount: formatMoney(dues.nextDue), date: formatDay(dues.nextDueDate) }
        : null;
    // `balance` and `due_date` as a template saved before issue 34 reads them ("{{ balance }} is due
    // on {{ due_date }}"): what is owed now, past due first, else what falls due next.
    const owedNow = pastDue ?? nextDue;
    for (const r of party.recipients) {
      await enqueueTemplate(tx, 'payment_reminder', r.email, {
        user: userData(r),
        company: party.company,
        app: appData(tx.config),
        open_balance: formatMoney(dues.balance),
        past_due: pastDue,
        next_due: nextDue,
        balance: owedNow?.amount ?? formatMoney(dues.balance),
        due_date: owedNow?.date ?? FINANCE_TEXT.dueDateInAccount,
      });
    }
    return record(
      tx,
      party,
      'send_payment_reminder',
      party.recipients.map((r) => r.email),
    );
  });
}

/** A pickup_reminder e-mail for each COMPLETED order of the party, to each of its recipients. */
export function sendPickupReminder(ctx: Ctx, kind: PartyKind, id: number) {
  return transaction(ctx, async (tx) => {
    const party = await partyOf(tx, kind, id);
    const orders = await ordersAwaitingPickup(tx.db, party.owner);
    const to: string[] = [];
    const now = Date.now();
    for (const order of orders) {
      const waiting = order.completedAt ? Math.max(0, Math.floor((now - order.completedAt.getTime()) / DAY_MS)) : 0;
      for (const r of party.recipients) {
        await enqueueTemplate(tx, 'pickup_reminder', r.email, {
          user: userData(r),
          order: { id: order.id, name: order.name },
          app: appData(tx.config),
          waiting_days: waiting,
        });
        to.push(r.email);
      }
    }
    return record(tx, party, 'send_pickup_reminder', to);
  });
}
