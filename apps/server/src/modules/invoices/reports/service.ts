import type { Executor } from '@cab/db';
import {
  AGING_BUCKETS,
  type AgingQuery,
  type AgingReport,
  type AgingRow,
  daysBetween,
  FINANCE_REPORTS_TEXT,
  parseOrderBy,
  periodsBackFrom,
  REVENUE_DEFAULT_PERIODS,
  REVENUE_MAX_DAYS,
  type RevenueQuery,
  type RevenueReport,
  todayIn,
} from '@cab/shared';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { fieldError } from '../../../kit/errors.ts';
import { pageWindow } from '../../../kit/list.ts';
import { companyName } from '../../accounts/index.ts';
import { userNames } from '../../auth/index.ts';
import { money } from '../common.ts';
import * as repo from './repository.ts';

/** The finance reports (issue 17, decision 0034): aging by party as of a day, revenue per period. */

type Sums = Record<(typeof AGING_BUCKETS)[number] | 'total', number>;
const zero = (): Sums => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 0, total: 0 });
const wireSums = (s: Sums) =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, money(v)])) as Record<keyof Sums, string>;

/** A party's buckets and their total. */
function figuresOf(s: repo.AgingSums): Sums {
  const figures = zero();
  for (const b of AGING_BUCKETS) figures[b] = s[b];
  figures.total = AGING_BUCKETS.reduce((t, b) => t + figures[b], 0);
  return figures;
}

/** The aging report's totals as of today, without a search: what the admin's money cards show (issue 29). */
export async function agingTotals(ctx: Ctx): Promise<Sums> {
  const totals = zero();
  for (const s of await repo.agingSums(ctx.db, todayOf(ctx))) {
    const figures = figuresOf(s);
    if (figures.total === 0) continue;
    for (const k of Object.keys(totals) as (keyof Sums)[]) totals[k] += figures[k];
  }
  return totals;
}

/** The as-of day leads every line: a CSV filed away still says which day it bucketed. */
const AGING_CSV_COLUMNS = ['as_of', 'party_type', 'party_id', 'party_name', ...AGING_BUCKETS, 'total'] as const;

/** Every party with an open (non-zero) balance as of `as_of`, named, searched, ordered, paged. */
export async function agingReport(
  ctx: Ctx,
  query: AgingQuery,
): Promise<AgingReport | { csv: string; filename: string }> {
  const asOf = query.as_of ?? todayOf(ctx);
  const sums = await repo.agingSums(ctx.db, asOf);
  const people = await userNames(
    ctx.db,
    sums.filter((s) => s.type === 'customer').map((s) => s.id),
  );
  const companyIds = [...new Set(sums.filter((s) => s.type === 'company').map((s) => s.id))];
  const companies = new Map(
    await Promise.all(companyIds.map(async (id) => [id, (await companyName(ctx.db, id)) ?? ''] as const)),
  );
  const needle = query.search?.toLowerCase() ?? '';
  const rows = sums
    .map((s) => {
      const name = (s.type === 'customer' ? people.get(s.id) : companies.get(s.id)) ?? '';
      return { party: { type: s.type, id: s.id, name }, figures: figuresOf(s) };
    })
    .filter((r) => r.figures.total !== 0 && (!needle || r.party.name.toLowerCase().includes(needle)));

  const order = parseOrderBy(query.order_by ?? '-total');
  rows.sort((a, b) => {
    for (const { key, descending } of order) {
      const d =
        key === 'name'
          ? a.party.name.localeCompare(b.party.name)
          : a.figures[key as keyof Sums] - b.figures[key as keyof Sums];
      if (d !== 0) return descending ? -d : d;
    }
    return a.party.name.localeCompare(b.party.name) || a.party.id - b.party.id;
  });

  const totals = zero();
  for (const r of rows) for (const k of Object.keys(totals) as (keyof Sums)[]) totals[k] += r.figures[k];
  const toRow = (r: (typeof rows)[number]): AgingRow => ({ party: r.party, ...wireSums(r.figures) });

  if (query.format === 'csv') {
    return {
      filename: `aging_report_${asOf}`,
      csv: toCsv(
        AGING_CSV_COLUMNS,
        rows.map((r) => ({
          as_of: asOf,
          party_type: r.party.type,
          party_id: r.party.id,
          party_name: r.party.name,
          ...wireSums(r.figures),
        })),
      ),
    };
  }
  const { limit, offset } = pageWindow(query);
  return {
    as_of: asOf,
    results: rows.slice(offset, offset + limit).map(toRow),
    total: rows.length,
    totals: wireSums(totals),
  };
}

const REVENUE_CSV_COLUMNS = ['period_start', 'invoiced', 'collected'] as const;

/** Invoiced and collected per period; no range: the last REVENUE_DEFAULT_PERIODS periods to today. */
export async function revenueReport(ctx: Ctx, query: RevenueQuery): Promise<RevenueReport | { csv: string }> {
  const interval = query.interval;
  const to = query.date_before ?? todayOf(ctx);
  const from = query.date_after ?? periodsBackFrom(interval, to, REVENUE_DEFAULT_PERIODS[interval]);
  if (from > to) throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeReversed);
  if (daysBetween(from, to) > REVENUE_MAX_DAYS) {
    throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeTooLong);
  }
  const sums = await repo.revenueSums(ctx.db, interval, from, to);
  const results = sums.map((s) => ({
    period_start: s.period_start,
    invoiced: money(s.invoiced),
    collected: money(s.collected),
  }));
  if (query.format === 'csv') return { csv: toCsv(REVENUE_CSV_COLUMNS, results) };
  return {
    interval,
    results,
    totals: {
      invoiced: money(sums.reduce((t, s) => t + s.invoiced, 0)),
      collected: money(sums.reduce((t, s) => t + s.collected, 0)),
    },
  };
}

/**
 * What a party owes as of `asOf` (default the shop's today), as the aging report would say it:
 * the open balance, what of it is past due with the oldest due date still owing, and what falls
 * due next with its date (the payment reminder, issue 34).
 */
export const partyDues = (db: Executor, party: repo.AgingParty, asOf: string = todayIn()) =>
  repo.partyDues(db, party, asOf);
