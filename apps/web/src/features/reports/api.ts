import {
  type ChartQuery,
  PLANNER_ERROR_CODES,
  type PlannerPatch,
  type ReportKind,
  type ReportQuery,
  reportsApi,
  type SampleRate,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../components/data-table/DateRangeFilter.tsx';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live-events.ts';

/** Reports, charts and the planner (decision 0031): query keys, queries, the plan mutation. */
const reportKeys = {
  reports: (kind: ReportKind) => resourceKeys('reports', kind),
  chart: (kind: ChartKind, rate: SampleRate, range: Partial<DateRange>) =>
    ['reports', 'chart', kind, rate, range] as const,
  planner: resourceKeys('planner'),
};

const REPORT_ENDPOINTS = {
  late: reportsApi.lateReport,
  due: reportsApi.dueReport,
  partial_completed: reportsApi.partialCompletedReport,
  completed: reportsApi.completedReport,
} as const;

export type ChartKind = 'late' | 'completed' | 'partial' | 'created';
const CHART_ENDPOINTS = {
  late: reportsApi.lateOrdersChart,
  completed: reportsApi.completedChart,
  partial: reportsApi.partialCompletedChart,
  created: reportsApi.createdChart,
} as const;

/** A report's filters: the name, and the from-to days of the report's own date. */
export type ReportFilters = { name: string } & DateRange;

const reportQuery = (list: ListQueryState<ReportFilters>) => listQueryOf(list) as Partial<ReportQuery>;

export function useReport(kind: ReportKind, list: ListQueryState<ReportFilters>) {
  const query = reportQuery(list);
  return useQuery({
    queryKey: reportKeys.reports(kind).list(query),
    queryFn: ({ signal }) => call(REPORT_ENDPOINTS[kind], { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The report's rows as CSV (every page), with the list's filters. */
export function downloadReport(kind: ReportKind, list: ListQueryState<ReportFilters>) {
  const { page: _p, page_size: _s, ...query } = reportQuery(list);
  return download(REPORT_ENDPOINTS[kind], { query: { ...query, format: 'csv' }, fallbackName: `${kind}_report.csv` });
}

/** A chart by day, week or month; over the list's from-to days when set (else the last periods up to today). */
export function useChart(kind: ChartKind, rate: SampleRate, range: Partial<DateRange> = {}) {
  const query = { sample_rate: rate, ...range } as Partial<ChartQuery>;
  return useQuery({
    queryKey: reportKeys.chart(kind, rate, range),
    queryFn: ({ signal }) => call(CHART_ENDPOINTS[kind], { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlanner(from: string, to: string) {
  const query = { date_after: from, date_before: to };
  // Another planner's moves, and the scans and status moves that change the work left.
  useLiveEvents(['planner', 'scan', 'order_status'], { keys: [reportKeys.planner.all] });
  return useQuery({
    queryKey: reportKeys.planner.list(query),
    queryFn: ({ signal }) => call(reportsApi.plannerList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlanOrder() {
  const client = useQueryClient();
  return useMutation({
    // A day over capacity (409) is asked about by the page, then sent again with force.
    mutationFn: ({ id, ...body }: PlannerPatch & { id: number }) =>
      call(reportsApi.plannerUpdate, { params: { id }, body, handles: [PLANNER_ERROR_CODES.overCapacity] }),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.planner.all }),
  });
}
