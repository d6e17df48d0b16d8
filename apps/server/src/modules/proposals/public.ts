import {
  formatMoney,
  MSG,
  PROPOSAL_CODES,
  PROPOSAL_LIMITS,
  PROPOSAL_TEXT,
  PROPOSALS_PATH,
  type ProposalStatus,
  type PublicProposal,
} from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { type PublicCtx, todayOf } from '../../kit/context.ts';
import { AppError, notFound, tooManyRequests } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { findUserWithCompany } from '../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../email/index.ts';
import { publishEvent } from '../events/index.ts';
import { submitAccepted } from './accepted.ts';
import * as repo from './repository.ts';
import { fallbackNameOf } from './service.ts';
import { ownerOfOrder, settingsFor } from './settings.ts';
import { canRespond, proposalNumber, shownHash, statusOf, toPublicProposal, toWireSettings } from './wire.ts';

/**
 * The homeowner's page (issue 37): GET /api/public/proposals/{token}/ and its accept and decline,
 * no account. The token is the only key; an unknown one is 404. The first open of a SENT proposal
 * marks it VIEWED and tells the dealer; an accept records the typed name, time, IP, user agent and
 * the sha256 of what was shown, and may submit the order (accepted.ts).
 */

/** Every public call counts against the token's and the caller's address' budget (429 past it). */
export function limitPublicCalls(scope: FastifyInstance) {
  scope.addHook('preValidation', (req, _reply, done) => {
    const { db } = req.server.deps;
    const token = String((req.params as { token?: unknown }).token ?? '');
    Promise.all([
      hitRateLimit(db, `proposal:token:${token}`, PROPOSAL_LIMITS.publicPerMinute),
      hitRateLimit(db, `proposal:ip:${req.ip}`, PROPOSAL_LIMITS.publicPerMinute * 2),
    ]).then(([a, b]) => done(Math.max(a, b) > 0 ? tooManyRequests(MSG.rateLimited, Math.max(a, b)) : undefined), done);
  });
}

const publicLogoUrl = (token: string) => `/api/public/proposals/${encodeURIComponent(token)}/logo/`;

async function reading(ctx: PublicCtx, token: string, options: { lock?: boolean } = {}) {
  const r = await repo.proposalByToken(ctx.db, token, options);
  if (!r) throw notFound();
  return r;
}

/** The public answer of a proposal as read now. */
export async function publicAnswer(ctx: PublicCtx, r: repo.ProposalReading): Promise<PublicProposal> {
  const settings = await settingsFor(ctx, ownerOfOrder(r.p));
  const fallbackName = await fallbackNameOf(ctx, r.p);
  const dealer = { settings: toWireSettings(settings, publicLogoUrl(r.p.token)), fallbackName };
  return toPublicProposal(r, dealer, todayOf(ctx));
}

/** The dealer hears of it: a live event to whoever reaches the order, and an e-mail to its customer. */
async function tellDealer(
  tx: PublicCtx,
  p: repo.ProposalRow,
  status: ProposalStatus,
  template: string,
  data: Record<string, unknown>,
) {
  await publishEvent(
    tx.db,
    'proposal',
    { id: p.id, order_id: p.orderId, number: proposalNumber(p.id), status },
    { customerId: p.customerId, companyId: p.companyId },
  );
  const dealer = await findUserWithCompany(tx.db, p.customerId);
  if (!dealer?.user.email) return;
  await enqueueTemplate(tx, template, dealer.user.email, {
    user: userData(dealer.user),
    app: appData(tx.config),
    proposal: { number: proposalNumber(p.id), client: p.client.name, total: formatMoney(p.total) },
    link: `${tx.config.publicUrl}${PROPOSALS_PATH}/${p.id}`,
    ...data,
  });
}

export async function openPublic(ctx: PublicCtx, token: string): Promise<PublicProposal> {
  const first = await reading(ctx, token);
  if (statusOf(first.p, todayOf(ctx)) === 'SENT') {
    await transaction(ctx, async (tx) => {
      const r = await reading(tx, token, { lock: true });
      // Two first opens at once: the one that finds it still SENT tells the dealer.
      if (statusOf(r.p, todayOf(tx)) !== 'SENT') return;
      await repo.updateProposal(tx.db, r.p.id, { status: 'VIEWED', viewedAt: new Date() });
      await tellDealer(tx, r.p, 'VIEWED', 'proposal_viewed', {});
    });
  }
  return publicAnswer(ctx, await reading(ctx, token));
}

/** Why a proposal cannot be answered now (409), or nothing when it can. */
function refusal(r: repo.ProposalReading, status: ProposalStatus): AppError | null {
  if (canRespond(r, status)) return null;
  const closed = (message: string) => new AppError(409, PROPOSAL_CODES.closed, message, { status });
  if (status === 'EXPIRED') return closed(PROPOSAL_TEXT.expired);
  if (status === 'WITHDRAWN') return closed(PROPOSAL_TEXT.withdrawn);
  if (status === 'ACCEPTED') return closed(PROPOSAL_TEXT.alreadyAccepted);
  if (status === 'DECLINED') return closed(PROPOSAL_TEXT.alreadyDeclined);
  if (status === 'DRAFT') return closed(PROPOSAL_TEXT.notSent);
  if (r.orderStatus !== 'BID') return closed(PROPOSAL_TEXT.orderNotBid);
  return new AppError(409, PROPOSAL_CODES.orderChanged, PROPOSAL_TEXT.orderChanged, { status });
}

export interface Caller {
  ip: string;
  userAgent: string;
}

export async function acceptPublic(ctx: PublicCtx, token: string, name: string, caller: Caller) {
  const accepted = await transaction(ctx, async (tx) => {
    const r = await reading(tx, token, { lock: true });
    const refused = refusal(r, statusOf(r.p, todayOf(tx)));
    if (refused) throw refused;
    const hash = shownHash(await publicAnswer(tx, r));
    await repo.updateProposal(tx.db, r.p.id, {
      status: 'ACCEPTED',
      decidedAt: new Date(),
      acceptedName: name,
      acceptedIp: caller.ip,
      acceptedUserAgent: caller.userAgent.slice(0, 1000),
      acceptedHash: hash,
    });
    await audit(tx, { entity: 'proposal', id: r.p.id, action: 'accept', after: { name, hash } });
    return r;
  });
  // The order on its way (the dealer's accept action), then the dealer is told what happened.
  const submitted = await submitAccepted(ctx, accepted.p, name);
  await transaction(ctx, (tx) =>
    tellDealer(tx, accepted.p, 'ACCEPTED', 'proposal_accepted', {
      order: { id: accepted.p.orderId, name: accepted.orderName },
      accepted_by: name,
      submitted,
    }),
  );
  return publicAnswer(ctx, await reading(ctx, token));
}

export async function declinePublic(ctx: PublicCtx, token: string, note: string) {
  await transaction(ctx, async (tx) => {
    const r = await reading(tx, token, { lock: true });
    const status = statusOf(r.p, todayOf(tx));
    // A decline needs no unchanged order: only an open proposal.
    const refused = status === 'SENT' || status === 'VIEWED' ? null : refusal(r, status);
    if (refused) throw refused;
    await repo.updateProposal(tx.db, r.p.id, { status: 'DECLINED', decidedAt: new Date(), declineNote: note });
    await audit(tx, { entity: 'proposal', id: r.p.id, action: 'decline', after: { note } });
    await tellDealer(tx, r.p, 'DECLINED', 'proposal_declined', { note });
  });
  return publicAnswer(ctx, await reading(ctx, token));
}

/** The dealer's logo for the public page (404 when none). */
export async function publicLogo(ctx: PublicCtx, token: string) {
  const r = await reading(ctx, token);
  const settings = await settingsFor(ctx, ownerOfOrder(r.p));
  const bytes = settings.logoPath ? await ctx.storage.get(settings.logoPath) : null;
  if (!bytes || !settings.logoType) throw notFound();
  return { bytes, type: settings.logoType };
}

export const publicReading = reading;
