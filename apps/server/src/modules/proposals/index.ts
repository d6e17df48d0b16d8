/**
 * Dealer proposals (issue 37, decision 0060): a dealer's own prices on a BID order, sent to a
 * homeowner who accepts or declines on a public page; owns `proposals` and `proposal_settings`.
 * Layout: pricing.ts (the prices, pure), repository.ts (all SQL), wire.ts, settings.ts,
 * service.ts (the dealer's calls), public.ts (the homeowner's), accepted.ts (the order on its
 * way), pdf.ts + papers.ts, report.ts, routes.ts; the daily expiry job is jobs.ts'.
 */
export { EXPIRE_PROPOSALS_JOB, expireProposalsJob } from './expire.ts';
export { proposalsRoutes } from './routes.ts';
