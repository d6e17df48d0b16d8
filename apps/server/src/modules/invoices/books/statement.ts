import {
  BOOKS_TEXT,
  daysBetween,
  FINANCE_REPORTS_TEXT,
  formatWireMoney,
  INVOICE_WEB_TEXT,
  REVENUE_MAX_DAYS,
  type Statement,
  type StatementKind,
  type StatementLine,
} from '@cab/shared';
import { cachePerDatabase } from '../../../kit/answer-cache.ts';
import { type Ctx, type RequestContext, todayOf } from '../../../kit/context.ts';
import { fieldError } from '../../../kit/errors.ts';
import type { DailyJob } from '../../../kit/jobs/daily.ts';
import { JsonText } from '../../../kit/json-rows.ts';
import { assertReaches } from '../../../kit/reach.ts';
import { transaction } from '../../../kit/transaction.ts';
import { activeManagersOf } from '../../accounts/index.ts';
import { customerOf, findUserWithCompany } from '../../auth/index.ts';
import { getSettings } from '../../core/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { money } from '../common.ts';
import { partyName } from '../credit/party.ts';
import * as repo from './repository.ts';

/**
 * A party's statement of account (issue 34, decision 0046): the ledger's entries between two days
 * grouped into the documents a person knows (an invoice, a payment, a refund, a credit), each with
 * the running balance; opening = every entry before the first day; closing = opening + lines =
 * what the invoices owe less unapplied credit on the last day.
 */

export type Range = { from: string; to: string };

/** The range a query names: by default this month up to today; a reversed or too long range is 400. */
export function rangeOf(ctx: { at?: Date }, query: { date_after?: string; date_before?: string }): Range {
  const to = query.date_before ?? todayOf(ctx);
  const from = query.date_after ?? `${to.slice(0, 8)}01`;
  if (from > to) throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeReversed);
  if (daysBetween(from, to) > REVENUE_MAX_DAYS) {
    throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeTooLong);
  }
  return { from, to };
}

const L = BOOKS_TEXT.lineText;
const R = BOOKS_TEXT.references;

/** What a group of entries is on a statement: mapped by document, then by the ledger kind, so new kinds fit. */
export function kindOf(g: repo.LedgerGroup): StatementKind {
  const net = g.owed + g.unapplied;
  switch (g.doc) {
    case 'refund':
      return 'REFUND';
    case 'payment':
      if (net < 0) return 'PAYMENT';
      return g.disputed ? 'DISPUTE' : 'REVERSAL';
    case 'memo':
      if (g.kindClass === 'CREDIT_NOTE') return 'CREDIT_NOTE';
      return net < 0 ? 'CREDIT' : 'REVERSAL';
    default:
      if (g.kindClass === 'CHARGE') return net > 0 ? 'INVOICE' : 'REVERSAL';
      if (g.kindClass === 'INTEREST' || g.kindClass === 'FEE') return net > 0 ? g.kindClass : 'REVERSAL';
      if ((['REFUND', 'CREDIT_NOTE', 'DISPUTE'] as string[]).includes(g.kindClass)) return g.kindClass as StatementKind;
      return net > 0 ? 'INVOICE' : 'CREDIT';
  }
}

/** The document's number and what it was, in a shop's words. */
export function referenceOf(g: repo.LedgerGroup, kind: StatementKind): { reference: string; description: string } {
  const method = INVOICE_WEB_TEXT.methodLabels[g.method as keyof typeof INVOICE_WEB_TEXT.methodLabels] ?? g.method;
  switch (g.doc) {
    case 'refund':
      return { reference: R.refund(g.docId), description: L.refund(g.text) };
    case 'payment': {
      const reference = g.paymentReference || R.payment(g.docId);
      if (kind === 'DISPUTE') return { reference, description: L.dispute(g.invoiceNumber) };
      if (kind === 'REVERSAL') return { reference, description: L.paymentReversed(g.invoiceNumber) };
      return { reference, description: L.payment(method, g.invoiceNumber) };
    }
    case 'memo':
      return {
        reference: R.credit(g.docId),
        description: kind === 'REVERSAL' ? L.creditReversed(g.text) : L.credit(g.text),
      };
    default:
      if (kind === 'INTEREST') return { reference: g.invoiceNumber, description: L.interest(g.invoiceNumber) };
      if (kind === 'FEE') return { reference: g.invoiceNumber, description: L.fee(g.invoiceNumber) };
      if (kind === 'INVOICE') return { reference: g.invoiceNumber, description: L.invoice(g.orderName) };
      return { reference: g.invoiceNumber, description: L.charge(g.invoiceNumber) };
  }
}

/** The party, checked to exist and to be within the actor's reach (404 otherwise), and its name. */
async function reachStatement(ctx: Ctx, party: repo.BooksParty): Promise<string> {
  const name = await partyName(ctx.db, party);
  // A customer's statement is also its company's manager's to read.
  const companyId = party.type === 'company' ? party.id : ((await customerOf(ctx.db, party.id))?.companyId ?? null);
  const record = { customerId: party.type === 'customer' ? party.id : null, companyId };
  assertReaches(ctx.actor, record);
  return name;
}

/** The statement of a party whose name is known (the monthly run reads it without an actor). */
async function buildStatement(ctx: { db: Ctx['db'] }, party: repo.BooksParty, name: string, range: Range) {
  const [groups, standing] = await Promise.all([
    repo.ledgerGroups(ctx.db, range, party),
    repo.partyStanding(ctx.db, party, range.from, range.to),
  ]);
  let balance = standing.before;
  const lines: StatementLine[] = [];
  for (const g of groups) {
    const amount = g.owed + g.unapplied;
    // A document that moved money between the party's own places (credit applied, a payment
    // carried to a reissued invoice) changes nothing the party owes: no line.
    if (amount === 0) continue;
    balance += amount;
    const kind = kindOf(g);
    lines.push({ date: g.day, kind, ...referenceOf(g, kind), amount: money(amount), balance: money(balance) });
  }
  const statement: Statement = {
    party: { type: party.type, id: party.id, name },
    date_after: range.from,
    date_before: range.to,
    opening_balance: money(standing.before),
    lines,
    closing_balance: money(balance),
    credit_available: money(standing.credit),
    aging: {
      current: money(standing.current),
      d1_30: money(standing.d1_30),
      d31_60: money(standing.d31_60),
      d61_90: money(standing.d61_90),
      d90_plus: money(standing.d90_plus),
    },
  };
  return statement;
}

async function statementOf(
  ctx: Ctx,
  party: repo.BooksParty,
  query: { date_after?: string; date_before?: string },
): Promise<Statement> {
  const name = await reachStatement(ctx, party);
  return buildStatement(ctx, party, name, rangeOf(ctx, query));
}

/**
 * Statements as JSON by party and range, served again while what they are drawn from is unchanged
 * (`statementVersion`, read before every use; kit/answer-cache.ts): a long statement is read on
 * screen, then printed or e-mailed, and drawing two years of a busy account takes seconds on a
 * loaded machine (bench/statement.mts).
 */
const statementAnswers = cachePerDatabase({ maxEntries: 200 });

/** GET .../statement/ as JSON text: the statement of `statementOf`, kept while its version holds. */
export async function statementAnswer(
  ctx: Ctx,
  party: repo.BooksParty,
  query: { date_after?: string; date_before?: string },
): Promise<JsonText<Statement>> {
  const name = await reachStatement(ctx, party);
  const range = rangeOf(ctx, query);
  const version = `${await repo.statementVersion(ctx.db, party)}|${name}`;
  return statementAnswers(ctx.db).answer(
    `${party.type}:${party.id}:${range.from}:${range.to}`,
    version,
    async () => new JsonText<Statement>(JSON.stringify(await buildStatement(ctx, party, name, range))),
  );
}

/** Who receives a party's statement: the customer, or the company's active managers. */
async function recipientsOf(ctx: RequestContext, party: repo.BooksParty) {
  if (party.type === 'company') return activeManagersOf(ctx.db, party.id);
  const found = await findUserWithCompany(ctx.db, party.id);
  return found ? [found.user] : [];
}

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Queues the `statement` e-mail of one statement to its recipients (the PDF linked: the outbox carries no files). */
async function queueStatement(ctx: RequestContext, party: repo.BooksParty, s: Statement) {
  const recipients = await recipientsOf(ctx, party);
  const base = ctx.config.publicUrl;
  const range = `date_after=${s.date_after}&date_before=${s.date_before}`;
  const path = party.type === 'company' ? `companies/${party.id}` : `customers/${party.id}`;
  for (const user of recipients) {
    await enqueueTemplate(ctx, 'statement', user.email, {
      user: userData(user),
      app: appData(ctx.config),
      statement: {
        party: s.party.name,
        date_after: shortDay(s.date_after),
        date_before: shortDay(s.date_before),
        opening_balance: formatWireMoney(s.opening_balance),
        closing_balance: formatWireMoney(s.closing_balance),
        credit_available: formatWireMoney(s.credit_available),
        link: `${base}/invoices/statement?${range}`,
        pdf: `${base}/api/accounts/${path}/statement/?${range}&format=pdf`,
      },
    });
  }
  return recipients.map((u) => u.email);
}

/** POST .../statement/email/: the statement of the range e-mailed to the party (400 when nobody receives it). */
export async function mailStatement(
  ctx: Ctx,
  party: repo.BooksParty,
  body: { date_after?: string; date_before?: string },
) {
  const statement = await statementOf(ctx, party, body);
  const sentTo = await transaction(ctx, (tx) => queueStatement(tx, party, statement));
  if (sentTo.length === 0) throw fieldError('validation_error', 'party', BOOKS_TEXT.noRecipient);
  return { sent_to: sentTo };
}

/**
 * The monthly statement run (a daily job that acts on the 1st, when the setting is on): every party
 * with an open balance gets last month's statement, in the day's transaction (run once per day).
 */
export const MONTHLY_STATEMENTS_JOB = 'invoices:monthly-statements';
export const monthlyStatementsJob: DailyJob = async (ctx, day) => {
  if (!day.endsWith('-01') || !(await getSettings(ctx)).statement_monthly) return;
  const to = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const range = { from: `${to.slice(0, 8)}01`, to };
  for (const party of await repo.partiesOwing(ctx.db, to)) {
    const name = await partyName(ctx.db, party).catch(() => null);
    if (name === null) continue;
    await queueStatement(ctx, party, await buildStatement(ctx, party, name, range));
  }
};
