import { randomBytes } from 'node:crypto';
import type { ProposalExtraRow, ProposalLineRow } from '@cab/db/schema';
import {
  addDays,
  formatMoney,
  ORDERS_WEB_TEXT,
  type Paged,
  PROPOSAL_CODES,
  PROPOSAL_TEXT,
  type Proposal,
  type ProposalCreate,
  type ProposalListQuery,
  type ProposalRow as ProposalListRow,
  type ProposalPatch,
  parseMoney,
  parsePercent,
  parseTaxRate,
  reachOf,
  startOfDayIn,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../kit/context.ts';
import { AppError, fieldErrors } from '../../kit/errors.ts';
import { pageWindow } from '../../kit/list.ts';
import { assertReaches } from '../../kit/reach.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { findUserWithCompany } from '../auth/index.ts';
import { enqueueTemplate } from '../email/index.ts';
import { loadOrderRow, type OrderRow, orderGroups, orderLines } from '../orders/index.ts';
import { priceProposal } from './pricing.ts';
import * as repo from './repository.ts';
import { ownerOfOrder, settingsFor } from './settings.ts';
import { pricedOf, proposalNumber, publicUrlOf, statusOf, toWireProposal, toWireRow, usDay } from './wire.ts';

/**
 * The dealer's side of proposals (issue 37, decision 0060): made from a BID order by whoever
 * reaches the order (its customer, a company's manager), changed while a DRAFT, sent, replaced by
 * a new version, withdrawn. ADMIN reads any; STAFF never reaches them (the contracts).
 */

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The proposal, or 404 when it does not exist or its order is out of `ctx.actor`'s reach. */
export async function loadProposal(ctx: Ctx, id: number, options: { lock?: boolean } = {}) {
  const r = await repo.proposalById(ctx.db, id, options);
  assertReaches(ctx.actor, r?.p);
  return r!;
}

async function answer(ctx: Ctx, id: number): Promise<Proposal> {
  const r = await loadProposal(ctx, id);
  const next = await repo.nextVersions(ctx.db, [id]);
  return toWireProposal(r, ctx.config, todayOf(ctx), next.get(id) ?? null);
}

export const getProposal = (ctx: Ctx, id: number) => answer(ctx, id);

/** The order's priced lines as the dealer's cost, in the order's own order (groups, then lines). */
async function frozenLines(ctx: Ctx, orderId: number): Promise<ProposalLineRow[]> {
  const [groups, items] = await Promise.all([orderGroups(ctx.db, orderId), orderLines(ctx.db, orderId)]);
  const place = new Map(groups.map((g, i) => [g.id, i]));
  // An unnamed group reads as the order page shows it ("Group 2"), never blank on the client's paper.
  const names = new Map(groups.map((g, i) => [g.id, ORDERS_WEB_TEXT.groupName(i, g.name ?? '')]));
  return [...items]
    .sort((a, b) => (place.get(a.groupId) ?? 0) - (place.get(b.groupId) ?? 0) || a.position - b.position)
    .map((it) => ({
      line: it.id,
      group: it.groupId,
      groupName: names.get(it.groupId) ?? '',
      code: it.manufacturerCode,
      description: it.description,
      qty: it.qty,
      cost: it.finalPrice ?? 0,
    }));
}

/** A proposal's order must still be a bid (a field error on `order`). */
function assertBid(order: OrderRow) {
  if (order.status !== 'BID') throw fieldErrors({ order: [PROPOSAL_TEXT.notBid] });
}

type TermsInput = Pick<
  ProposalPatch,
  'markup_percent' | 'group_markups' | 'line_overrides' | 'extra_lines' | 'tax_rate' | 'valid_until'
>;

/**
 * The body's terms in the stored units, checked against the order's lines: an unknown or repeated
 * group or line is a field error at its place in the list. Only what the body names is returned.
 */
function termsOf(body: TermsInput, lines: readonly ProposalLineRow[], today: string) {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const groups = new Set(lines.map((l) => l.group));
  const ids = new Set(lines.map((l) => l.line));
  const seen = new Set<number>();
  body.group_markups?.forEach((g, i) => {
    if (!groups.has(g.group)) refuse(`group_markups.${i}.group`, PROPOSAL_TEXT.unknownGroup);
    else if (seen.has(g.group)) refuse(`group_markups.${i}.group`, PROPOSAL_TEXT.duplicateGroup);
    seen.add(g.group);
  });
  seen.clear();
  body.line_overrides?.forEach((o, i) => {
    if (!ids.has(o.line)) refuse(`line_overrides.${i}.line`, PROPOSAL_TEXT.unknownLine);
    else if (seen.has(o.line)) refuse(`line_overrides.${i}.line`, PROPOSAL_TEXT.duplicateLine);
    seen.add(o.line);
  });
  if (body.valid_until !== undefined && body.valid_until < today) refuse('valid_until', PROPOSAL_TEXT.validUntilPast);
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return {
    ...(body.markup_percent !== undefined ? { markup: parsePercent(body.markup_percent)! } : {}),
    ...(body.group_markups
      ? { groupMarkups: body.group_markups.map((g) => ({ group: g.group, percent: parsePercent(g.percent)! })) }
      : {}),
    ...(body.line_overrides
      ? { lineOverrides: body.line_overrides.map((o) => ({ line: o.line, price: parseMoney(o.price)! })) }
      : {}),
    ...(body.extra_lines
      ? {
          extraLines: body.extra_lines.map(
            (e): ProposalExtraRow => ({
              description: e.description,
              amount: parseMoney(e.amount)!,
              taxable: e.taxable,
            }),
          ),
        }
      : {}),
    ...(body.tax_rate !== undefined ? { taxRate: parseTaxRate(body.tax_rate)! } : {}),
    ...(body.valid_until !== undefined ? { validUntil: body.valid_until } : {}),
  };
}

/** The stored totals of a proposal's lines and terms (the lists and the report read them). */
function totalsOf(values: Parameters<typeof priceProposal>[1], lines: readonly ProposalLineRow[]) {
  const priced = priceProposal(lines, values);
  return { subtotal: priced.subtotal, tax: priced.tax, total: priced.total, costTotal: priced.costTotal };
}

const clientRow = (c: NonNullable<ProposalPatch['client']>) => ({
  name: c.name,
  email: c.email,
  phone: c.phone ?? '',
  address: c.address ?? '',
});

export async function createProposal(ctx: Ctx, orderId: number, body: ProposalCreate): Promise<Proposal> {
  const today = todayOf(ctx);
  const id = await transaction(ctx, async (tx) => {
    const order = await loadOrderRow(tx, orderId, tx.db, { lock: true });
    assertBid(order);
    const lines = await frozenLines(tx, orderId);
    const terms = termsOf(body, lines, today);
    const settings = await settingsFor(tx, ownerOfOrder(order));
    const values = {
      markup: terms.markup ?? settings.defaultMarkup,
      groupMarkups: terms.groupMarkups ?? [],
      lineOverrides: terms.lineOverrides ?? [],
      extraLines: terms.extraLines ?? [],
      taxRate: terms.taxRate ?? settings.taxRate,
    };
    const made = await repo.insertProposal(tx.db, {
      orderId,
      customerId: order.customerId,
      companyId: order.companyId,
      createdById: tx.actor.id,
      token: randomBytes(32).toString('base64url'),
      client: clientRow(body.client),
      ...values,
      lines,
      validUntil: terms.validUntil ?? addDays(today, settings.validityDays),
      terms: body.terms ?? settings.defaultTerms,
      notes: body.notes ?? '',
      orderVersion: order.version,
      ...totalsOf(values, lines),
    });
    await audit(tx, { entity: 'proposal', id: made, action: 'create', after: { order: orderId } });
    return made;
  });
  return answer(ctx, id);
}

export async function updateProposal(ctx: Ctx, id: number, body: ProposalPatch): Promise<Proposal> {
  const today = todayOf(ctx);
  await transaction(ctx, async (tx) => {
    const { p } = await loadProposal(tx, id, { lock: true });
    if (p.status !== 'DRAFT') throw conflict(PROPOSAL_CODES.notDraft, PROPOSAL_TEXT.notDraft);
    const terms = termsOf(body, p.lines, today);
    const values = {
      markup: terms.markup ?? p.markup,
      groupMarkups: terms.groupMarkups ?? p.groupMarkups,
      lineOverrides: terms.lineOverrides ?? p.lineOverrides,
      extraLines: terms.extraLines ?? p.extraLines,
      taxRate: terms.taxRate ?? p.taxRate,
    };
    await repo.updateProposal(tx.db, id, {
      ...values,
      ...(terms.validUntil ? { validUntil: terms.validUntil } : {}),
      ...(body.client ? { client: clientRow(body.client) } : {}),
      ...(body.terms !== undefined ? { terms: body.terms } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...totalsOf(values, p.lines),
    });
    await audit(tx, { entity: 'proposal', id, action: 'update' });
  });
  return answer(ctx, id);
}

/** DRAFT -> SENT: the client is e-mailed the link (proposal_sent). */
export async function sendProposal(ctx: Ctx, id: number): Promise<Proposal> {
  const today = todayOf(ctx);
  await transaction(ctx, async (tx) => {
    const r = await loadProposal(tx, id, { lock: true });
    const { p } = r;
    if (p.status !== 'DRAFT') throw conflict(PROPOSAL_CODES.notSendable, PROPOSAL_TEXT.notSendable);
    if (p.validUntil < today) throw fieldErrors({ valid_until: [PROPOSAL_TEXT.validUntilPast] });
    await repo.updateProposal(tx.db, id, { status: 'SENT', sentAt: new Date() });
    const settings = await settingsFor(tx, ownerOfOrder(p));
    const dealerName = settings.displayName || (await fallbackNameOf(tx, p));
    await enqueueTemplate(tx, 'proposal_sent', p.client.email, {
      user: { first_name: p.client.name, last_name: '', full_name: p.client.name, email: p.client.email },
      dealer: { name: dealerName, phone: settings.phone },
      proposal: { number: proposalNumber(id), total: formatMoney(pricedOf(p).total), valid_until: usDay(p.validUntil) },
      link: publicUrlOf(tx.config, p.token),
    });
    await audit(tx, { entity: 'proposal', id, action: 'send', after: { to: p.client.email } });
  });
  return answer(ctx, id);
}

/** Accepted, declined, expired and withdrawn proposals are over: nothing moves them again. */
const OPEN_FOR_DEALER = ['DRAFT', 'SENT', 'VIEWED'] as const;
const isOpen = (status: string) => (OPEN_FOR_DEALER as readonly string[]).includes(status);

export async function withdrawProposal(ctx: Ctx, id: number): Promise<Proposal> {
  const today = todayOf(ctx);
  await transaction(ctx, async (tx) => {
    const { p } = await loadProposal(tx, id, { lock: true });
    if (!isOpen(statusOf(p, today))) throw conflict(PROPOSAL_CODES.notWithdrawable, PROPOSAL_TEXT.notWithdrawable);
    await repo.updateProposal(tx.db, id, { status: 'WITHDRAWN', decidedAt: new Date() });
    await audit(tx, { entity: 'proposal', id, action: 'withdraw' });
  });
  return answer(ctx, id);
}

/**
 * The old proposal WITHDRAWN (when still open) and copied as a new DRAFT with the order's lines
 * now as cost; markups and overrides of groups or lines the order no longer has are dropped.
 */
export async function newVersion(ctx: Ctx, id: number): Promise<Proposal> {
  const today = todayOf(ctx);
  const made = await transaction(ctx, async (tx) => {
    const { p } = await loadProposal(tx, id, { lock: true });
    if (p.status === 'ACCEPTED') throw conflict(PROPOSAL_CODES.cannotNewVersion, PROPOSAL_TEXT.cannotNewVersion);
    const order = await loadOrderRow(tx, p.orderId, tx.db, { lock: true });
    assertBid(order);
    const lines = await frozenLines(tx, p.orderId);
    const groups = new Set(lines.map((l) => l.group));
    const ids = new Set(lines.map((l) => l.line));
    const values = {
      markup: p.markup,
      groupMarkups: p.groupMarkups.filter((g) => groups.has(g.group)),
      lineOverrides: p.lineOverrides.filter((o) => ids.has(o.line)),
      extraLines: p.extraLines,
      taxRate: p.taxRate,
    };
    if (isOpen(statusOf(p, today))) {
      await repo.updateProposal(tx.db, id, { status: 'WITHDRAWN', decidedAt: new Date() });
    }
    const settings = await settingsFor(tx, ownerOfOrder(order));
    const copy = await repo.insertProposal(tx.db, {
      orderId: p.orderId,
      customerId: p.customerId,
      companyId: p.companyId,
      createdById: tx.actor.id,
      token: randomBytes(32).toString('base64url'),
      client: p.client,
      ...values,
      lines,
      validUntil: p.validUntil < today ? addDays(today, settings.validityDays) : p.validUntil,
      terms: p.terms,
      notes: p.notes,
      orderVersion: order.version,
      previousId: id,
      ...totalsOf(values, lines),
    });
    await audit(tx, { entity: 'proposal', id: copy, action: 'new_version', before: { previous: id } });
    return copy;
  });
  return answer(ctx, made);
}

const dayBound = (day: string | undefined, after = 0) => (day ? startOfDayIn(addDays(day, after)) : undefined);

export async function listProposals(ctx: Ctx, query: ProposalListQuery): Promise<Paged<ProposalListRow>> {
  const today = todayOf(ctx);
  const page = await repo.listProposals(
    ctx.db,
    {
      reach: reachOf(ctx.actor),
      status: query.status,
      today,
      client: query.client,
      from: dayBound(query.date_after),
      before: dayBound(query.date_before, 1),
      orderBy: query.order_by,
    },
    pageWindow(query),
  );
  return { results: page.rows.map((r) => toWireRow(r, ctx.config, today)), total: page.total };
}

export async function proposalsOfOrder(ctx: Ctx, orderId: number): Promise<ProposalListRow[]> {
  await loadOrderRow(ctx, orderId);
  const today = todayOf(ctx);
  return (await repo.proposalsOfOrder(ctx.db, orderId)).map((r) => toWireRow(r, ctx.config, today));
}

/** The dealer's name when no display name is set: the company's, or the personal customer's. */
export async function fallbackNameOf(ctx: { db: Ctx['db'] }, p: Pick<repo.ProposalRow, 'customerId'>) {
  const user = await findUserWithCompany(ctx.db, p.customerId);
  return user?.company?.name || [user?.user.firstName, user?.user.lastName].filter(Boolean).join(' ');
}
