import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { endpointsFor } from '../http/contract.ts';
import { isoDay, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { INVOICE_TEXT } from './messages.ts';

/**
 * The finance reports (issue 17, decision 0034), ADMIN only: the aging of open balances by party
 * as of a date, and revenue (invoiced and collected) per day, week or month. Both read the ledger
 * by effective date, so a report of a past date never changes; both take `format=csv`.
 */

const money = z.string();
const isoDate = isoDay(INVOICE_TEXT.dateInvalid);
const format = optionalParam(z.enum(['json', 'csv']));

const api = endpointsFor(['finance']);

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
const AGING_ORDER_BY = ['name', 'total', 'unapplied_credit', ...AGING_BUCKETS] as const;

const agingQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  order_by: orderByParam(AGING_ORDER_BY),
  /** The report's day (default today): entries effective after it do not count. */
  as_of: optionalParam(isoDate),
  /** The party's name contains it (case-insensitive). */
  search: optionalParam(z.string().trim().max(255)),
  format,
});
export type AgingQuery = z.infer<typeof agingQuerySchema>;

const agingFigures = {
  current: money,
  days_1_30: money,
  days_31_60: money,
  days_61_90: money,
  days_90_plus: money,
  total: money,
  /** What the party's credit memos hold, not yet applied to an invoice (shown beside, not netted). */
  unapplied_credit: money,
};

const agingRowSchema = z.object({
  party: z.object({ type: z.enum(['customer', 'company']), id: z.number().int(), name: z.string() }),
  ...agingFigures,
});
export type AgingRow = z.infer<typeof agingRowSchema>;

const agingReportSchema = z.object({
  as_of: z.string(),
  results: z.array(agingRowSchema),
  total: z.number().int(),
  /** The sums over every party that matches (not only this page). */
  totals: z.object(agingFigures),
});
export type AgingReport = z.infer<typeof agingReportSchema>;

export const REVENUE_INTERVALS = ['day', 'week', 'month'] as const;
export type RevenueInterval = (typeof REVENUE_INTERVALS)[number];
/** Periods shown when no range is given, by interval; the longest range accepted (days). */
export const REVENUE_DEFAULT_PERIODS: Record<RevenueInterval, number> = { day: 30, week: 12, month: 12 };
export const REVENUE_MAX_DAYS = 3660;

const revenueQuerySchema = z.object({
  interval: optionalParam(z.enum(REVENUE_INTERVALS)).transform((v) => v ?? 'month'),
  date_after: optionalParam(isoDate),
  date_before: optionalParam(isoDate),
  format,
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

const revenuePointSchema = z.object({ period_start: z.string(), invoiced: money, collected: money });
const revenueReportSchema = z.object({
  interval: z.enum(REVENUE_INTERVALS),
  results: z.array(revenuePointSchema),
  totals: z.object({ invoiced: money, collected: money }),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** The sales-tax report (issue 34, decision 0044): a range of days, default this month to today. */
const salesTaxQuerySchema = z.object({
  date_after: optionalParam(isoDate),
  date_before: optionalParam(isoDate),
  format,
});
export type SalesTaxQuery = z.infer<typeof salesTaxQuerySchema>;

const salesTaxFigures = { taxable: money, tax: money, credit_notes_tax: money };
const salesTaxRowSchema = z.object({
  /** The state the tax was figured for ('' when none was known). */
  state: z.string(),
  /** As the app writes percents ("6.625", "8.00"). */
  rate: z.string(),
  ...salesTaxFigures,
});
export type SalesTaxRow = z.infer<typeof salesTaxRowSchema>;
const salesTaxReportSchema = z.object({
  date_after: z.string(),
  date_before: z.string(),
  results: z.array(salesTaxRowSchema),
  total: z.object(salesTaxFigures),
});
export type SalesTaxReport = z.infer<typeof salesTaxReportSchema>;

export const financeReportsApi = {
  aging: api.admin({
    method: 'GET',
    path: '/api/finance/reports/aging/',
    summary:
      'Open balances by party, bucketed by days past each milestone due date as of as_of (ledger entries effective on or before it); search, paging; format=csv',
    query: agingQuerySchema,
    response: agingReportSchema,
  }),
  revenue: api.admin({
    method: 'GET',
    path: '/api/finance/reports/revenue/',
    summary: 'Invoiced and collected per day, week or month between date_after and date_before; format=csv',
    query: revenueQuerySchema,
    response: revenueReportSchema,
  }),
  salesTax: api.admin({
    method: 'GET',
    path: '/api/finance/reports/sales_tax/',
    summary:
      'Sales tax by state and rate between date_after and date_before: taxable and tax invoiced (net of reissues and cancels) and the tax given back by credit notes; format=csv',
    query: salesTaxQuerySchema,
    response: salesTaxReportSchema,
  }),
};

export const FINANCE_REPORTS_TEXT = {
  agingTitle: 'Aging Report',
  revenueTitle: 'Revenue Report',
  search: 'Search',
  asOf: 'As of',
  downloadCsv: 'Download CSV',
  noRows: 'No open balances',
  party: 'Customer / company',
  partyType: { customer: 'Customer', company: 'Company' },
  buckets: {
    current: 'Current',
    days_1_30: '1-30 days',
    days_31_60: '31-60 days',
    days_61_90: '61-90 days',
    days_90_plus: '90+ days',
  } satisfies Record<AgingBucket, string>,
  total: 'Total',
  unappliedCredit: 'Unapplied credit',
  totals: 'Totals',
  interval: 'Interval',
  intervals: { day: 'Day', week: 'Week', month: 'Month' } satisfies Record<RevenueInterval, string>,
  dateAfter: 'From',
  dateBefore: 'To',
  invoiced: 'Invoiced',
  collected: 'Collected',
  rangeTooLong: 'The range is too long',
  rangeReversed: 'The start date is after the end date',
  salesTaxTitle: 'Sales Tax Report',
  state: 'State',
  rate: 'Rate',
  taxable: 'Taxable',
  tax: 'Tax',
  creditNotesTax: 'Tax on credit notes',
  noState: 'No state',
  noSalesTax: 'No sales tax in this range',
} as const;
