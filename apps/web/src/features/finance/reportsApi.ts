import {
  type AgingQuery,
  financeReportsApi,
  type PayoutRangeQuery,
  payoutsApi,
  type RevenueInterval,
  type RevenueQuery,
  type SalesTaxQuery,
} from '@cab/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download } from '../../lib/api.ts';

/** The finance reports (decision 0034): aging by party as of a day, revenue per period; CSV downloads. */
const financeReportKeys = {
  aging: resourceKeys('finance', 'aging'),
  revenue: (query: Partial<RevenueQuery>) => ['finance', 'revenue', query] as const,
  payouts: (query: PayoutRangeQuery) => ['finance', 'payouts', query] as const,
  deposits: (query: PayoutRangeQuery) => ['finance', 'deposits', query] as const,
  salesTax: (query: Partial<SalesTaxQuery>) => ['finance', 'sales_tax', query] as const,
};

/** The aging list's client-held filters (SPEC 3: aging search, aging start date). */
export type AgingFilters = { search: string; as_of: string };

const agingQuery = (list: ListQueryState<AgingFilters>) => listQueryOf(list) as Partial<AgingQuery>;

export function useAging(list: ListQueryState<AgingFilters>) {
  const query = agingQuery(list);
  return useQuery({
    queryKey: financeReportKeys.aging.list(query),
    queryFn: ({ signal }) => call(financeReportsApi.aging, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadAging(list: ListQueryState<AgingFilters>) {
  const { page: _p, page_size: _s, ...query } = agingQuery(list);
  return download(financeReportsApi.aging, {
    query: { ...query, format: 'csv' },
    fallbackName: 'aging_report.csv',
  });
}

export type RevenueFilters = { interval: RevenueInterval; date_after: string; date_before: string };

const revenueQuery = (f: RevenueFilters): Partial<RevenueQuery> => ({
  interval: f.interval,
  ...(f.date_after ? { date_after: f.date_after } : {}),
  ...(f.date_before ? { date_before: f.date_before } : {}),
});

export function useRevenue(filters: RevenueFilters) {
  const query = revenueQuery(filters);
  return useQuery({
    queryKey: financeReportKeys.revenue(query),
    queryFn: ({ signal }) => call(financeReportsApi.revenue, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadRevenue(filters: RevenueFilters) {
  return download(financeReportsApi.revenue, {
    query: { ...revenueQuery(filters), format: 'csv' },
    fallbackName: 'revenue_report.csv',
  });
}

/**
 * A report's range, both days inclusive; '' is the server's default (payouts: 30 days; sales tax:
 * this month to today).
 */
type RangeFilters = { date_after: string; date_before: string };
export type PayoutFilters = RangeFilters;
export type SalesTaxFilters = RangeFilters;

const rangeQuery = (f: RangeFilters): PayoutRangeQuery & Partial<SalesTaxQuery> => ({
  ...(f.date_after ? { date_after: f.date_after } : {}),
  ...(f.date_before ? { date_before: f.date_before } : {}),
});

export function usePayouts(filters: PayoutFilters) {
  const query = rangeQuery(filters);
  return useQuery({
    queryKey: financeReportKeys.payouts(query),
    queryFn: ({ signal }) => call(payoutsApi.payouts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(filters: PayoutFilters) {
  const query = rangeQuery(filters);
  return useQuery({
    queryKey: financeReportKeys.deposits(query),
    queryFn: ({ signal }) => call(payoutsApi.deposits, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSalesTax(filters: SalesTaxFilters) {
  const query = rangeQuery(filters);
  return useQuery({
    queryKey: financeReportKeys.salesTax(query),
    queryFn: ({ signal }) => call(financeReportsApi.salesTax, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadSalesTax(filters: SalesTaxFilters) {
  return download(financeReportsApi.salesTax, {
    query: { ...rangeQuery(filters), format: 'csv' },
    fallbackName: 'sales_tax.csv',
  });
}
