import type { Executor } from '@cab/db';
import {
  AGING_BUCKETS,
  type AgingQuery,
  type AgingReport,
  type AgingRow,
  dayIn,
  daysBetween,
  FINANCE_REPORTS_TEXT,
  monthStartBack,
  parseOrderBy,
  periodsBackFrom,
  REVENUE_DEFAULT_PERIODS,
  REVENUE_MAX_DAYS,
  type RevenueQuery,
  type RevenueReport,
  type SalesTaxQuery,
  type SalesTaxReport,
  taxRateToWire,
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

type Sums = Record<(typeof AGING_BUCKETS)[number] | 'total' | 'unapplied_credit', number>;
const zero = (): Sums => ({
  current: 0,
  days_1_30: 0,
  days_31_60: 0,
  days_61_90: 0,
  days_90_plus: 0,
  total: 0,
  unapplied_credit: 0,
});
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

/**
 * The as-of day leads every line: a CSV filed away still says which day it bucketed. The last
 * line is the totals (party_type TOTAL), as the screen's totals row.
 */
const AGING_CSV_COLUMNS = [
  'as_of',
  'party_type',
  'party_id',
  'party_name',
  ...AGING_BUCKETS,
  'total',
  'unapplied_credit',
] as const;

/** Parties with an open balance, and those holding only unapplied credit, each with its credit. */
function withCredit(sums: repo.AgingSums[], credit: Map<string, number>) {
  const rows = sums.map((s) => ({
    type: s.type,
    id: s.id,
    figures: { ...figuresOf(s), unapplied_credit: credit.get(repo.partyKey(s.type, s.id)) ?? 0 },
  }));
  const seen = new Set(rows.map((r) => repo.partyKey(r.type, r.id)));
  for (const [key, amount] of credit) {
    if (seen.has(key)) continue;
    const [type, id] = key.split(':') as [repo.AgingSums['type'], string];
    rows.push({ type, id: Number(id), figures: { ...zero(), unapplied_credit: amount } });
  }
  return rows;
}

/** Every party with an open (non-zero) balance as of `as_of`, named, searched, ordered, paged. */
export async function agingReport(
  ctx: Ctx,
  query: AgingQuery,
): Promise<AgingReport | { csv: string; filename: string }> {
  const asOf = query.as_of ?? todayOf(ctx);
  const [owed, credit] = await Promise.all([repo.agingSums(ctx.db, asOf), repo.unappliedCredit(ctx.db, asOf)]);
  const sums = withCredit(owed, credit);
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
      return { party: { type: s.type, id: s.id, name }, figures: s.figures };
    })
    .filter(
      (r) =>
        (r.figures.total !== 0 || r.figures.unapplied_credit !== 0) &&
        (!needle || r.party.name.toLowerCase().includes(needle)),
    );

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
    const lines: Record<string, unknown>[] = rows.map((r) => ({
      as_of: asOf,
      party_type: r.party.type,
      party_id: r.party.id,
      party_name: r.party.name,
      ...wireSums(r.figures),
    }));
    lines.push({ as_of: asOf, party_type: 'TOTAL', party_name: FINANCE_REPORTS_TEXT.totals, ...wireSums(totals) });
    return { filename: `aging_report_${asOf}`, csv: toCsv(AGING_CSV_COLUMNS, lines) };
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

/** A report's range, refused when reversed or too long; answers `from`. */
function checkedRange(from: string, to: string) {
  if (from > to) throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeReversed);
  if (daysBetween(from, to) > REVENUE_MAX_DAYS) {
    throw fieldError('validation_error', 'date_after', FINANCE_REPORTS_TEXT.rangeTooLong);
  }
  return from;
}

/** Invoiced and collected per period; no range: the last REVENUE_DEFAULT_PERIODS periods to today. */
export async function revenueReport(ctx: Ctx, query: RevenueQuery): Promise<RevenueReport | { csv: string }> {
  const interval = query.interval;
  const to = query.date_before ?? todayOf(ctx);
  const from = checkedRange(query.date_after ?? periodsBackFrom(interval, to, REVENUE_DEFAULT_PERIODS[interval]), to);
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
export const partyDues = (db: Executor, party: repo.AgingParty, asOf: string) => repo.partyDues(db, party, asOf);

const SALES_TAX_CSV_COLUMNS = ['state', 'rate', 'taxable', 'tax', 'credit_notes_tax'] as const;

/**
 * Sales tax by state and rate for filing (issue 34, decision 0044): each invoice version counts on
 * the day it was issued and is taken back on the day a reprice or cancel superseded it, so a
 * reissue counts only the difference and a past range never changes; credit notes' tax is given
 * back on the day they were made. Default range: this month to today.
 */
export async function salesTaxReport(
  ctx: Ctx,
  query: SalesTaxQuery,
): Promise<SalesTaxReport | { csv: string; filename: string }> {
  const to = query.date_before ?? todayOf(ctx);
  const from = checkedRange(query.date_after ?? monthStartBack(to, 0), to);
  const inRange = (at: Date | null) => at !== null && dayIn(at) >= from && dayIn(at) <= to;
  const rows = new Map<
    string,
    { state: string; rate: number; taxable: number; tax: number; credit_notes_tax: number }
  >();
  for (const p of await repo.salesTaxPieces(ctx.db, from, to)) {
    const sign = (inRange(p.on) ? 1 : 0) - (inRange(p.off) ? 1 : 0);
    if (sign === 0) continue;
    const key = `${p.state ?? ''}|${p.rate}`;
    const row = rows.get(key) ?? { state: p.state ?? '', rate: p.rate, taxable: 0, tax: 0, credit_notes_tax: 0 };
    row.taxable += sign * p.taxable;
    row.tax += sign * p.tax;
    row.credit_notes_tax += sign * p.creditNotesTax;
    rows.set(key, row);
  }
  const sorted = [...rows.values()]
    .filter((r) => r.taxable !== 0 || r.tax !== 0 || r.credit_notes_tax !== 0)
    .sort((a, b) => a.state.localeCompare(b.state) || a.rate - b.rate);
  const sum = (k: 'taxable' | 'tax' | 'credit_notes_tax') => money(sorted.reduce((t, r) => t + r[k], 0));
  const total = { taxable: sum('taxable'), tax: sum('tax'), credit_notes_tax: sum('credit_notes_tax') };
  const results = sorted.map((r) => ({
    state: r.state,
    rate: taxRateToWire(r.rate as never),
    taxable: money(r.taxable),
    tax: money(r.tax),
    credit_notes_tax: money(r.credit_notes_tax),
  }));
  if (query.format === 'csv') {
    // The total closes the file: what is filed is the last line.
    const lines = [...results, { state: FINANCE_REPORTS_TEXT.total, rate: '', ...total }];
    return { filename: `sales_tax_${from}_${to}`, csv: toCsv(SALES_TAX_CSV_COLUMNS, lines) };
  }
  return { date_after: from, date_before: to, results, total };
}
