import type { proposalReportQuerySchema } from '@cab/shared';
import {
  addDays,
  cents,
  dayIn,
  PROPOSAL_TEXT,
  type ProposalReportRow,
  reachOf,
  shareOf,
  startOfDayIn,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { toCsv } from '../../kit/csv.ts';
import * as repo from './repository.ts';

/**
 * The dealer's numbers (issue 37, decision 0060): proposals by the shop's month they were sent in,
 * how many of those were viewed, accepted and declined, the acceptance rate (accepted / sent), and
 * the revenue (totals, tax included) and margin (before tax, over the shop's cost) of the accepted.
 */
type Query = z.output<typeof proposalReportQuerySchema>;

export async function proposalReport(ctx: Ctx, query: Query): Promise<ProposalReportRow[]> {
  const rows = await repo.sentProposals(
    ctx.db,
    reachOf(ctx.actor),
    query.date_after ? startOfDayIn(query.date_after) : undefined,
    query.date_before ? startOfDayIn(addDays(query.date_before, 1)) : undefined,
  );
  const months = new Map<
    string,
    { sent: number; viewed: number; accepted: number; declined: number; revenue: number; margin: number }
  >();
  for (const r of rows) {
    const month = dayIn(r.sentAt!).slice(0, 7);
    const m = months.get(month) ?? { sent: 0, viewed: 0, accepted: 0, declined: 0, revenue: 0, margin: 0 };
    m.sent += 1;
    if (r.viewedAt) m.viewed += 1;
    if (r.status === 'DECLINED') m.declined += 1;
    if (r.status === 'ACCEPTED') {
      m.accepted += 1;
      m.revenue += r.total;
      m.margin += r.subtotal - r.costTotal;
    }
    months.set(month, m);
  }
  return [...months].map(([month, m]) => ({
    month,
    sent: m.sent,
    viewed: m.viewed,
    accepted: m.accepted,
    declined: m.declined,
    acceptance_rate: toWire(shareOf(m.accepted, m.sent)),
    revenue: toWire(cents(m.revenue)),
    margin: toWire(cents(m.margin)),
  }));
}

export const reportCsv = (rows: readonly ProposalReportRow[]) => toCsv(PROPOSAL_TEXT.reportColumns, rows);
