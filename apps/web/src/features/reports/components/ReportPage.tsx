import {
  addDays,
  CHART_MAX_DAYS,
  daysBetween,
  formatWireMoney,
  ORDER_STATUS_LABELS,
  PAGE_SIZE,
  type ReportKind,
  type ReportRow,
  REPORTS_WEB_TEXT as T,
  todayIn,
} from '@cab/shared';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { type DateRange, dateRangeField, sentRange } from '../../../components/data-table/DateRangeFilter.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { formatDateTime, formatDay, formatMomentDay } from '../../../lib/format.ts';
import { type ChartKind, downloadReport, type ReportFilters, useReport } from '../api.ts';
import { ReportChart } from './ReportChart.tsx';

/** The report's columns; the completed date shows by default on the completed report only. */
const columnsFor = (kind: ReportKind): DataColumn<ReportRow>[] => [
  { key: 'id', header: T.colId, width: 70, render: (r) => r.id },
  {
    key: 'name',
    header: T.colName,
    minWidth: 160,
    render: (r) => (
      <Link component={RouterLink} to={`/orders/${r.id}`} sx={{ fontWeight: 600 }}>
        {r.name}
      </Link>
    ),
  },
  { key: 'customer', header: T.colCustomer, render: (r) => r.customer_display },
  { key: 'status', header: T.colStatus, noWrap: true, render: (r) => ORDER_STATUS_LABELS[r.status] },
  {
    key: 'submitted',
    header: T.colSubmitted,
    noWrap: true,
    optional: true,
    // The day only: with its time the table was 8-30 px wider than its card at 1440 px (issue 35).
    render: (r) => formatMomentDay(r.submitted_at),
  },
  { key: 'due', header: T.colDue, noWrap: true, render: (r) => formatDay(r.due_date) },
  { key: 'days_late', header: T.colDaysLate, align: 'right', render: (r) => r.days_late },
  {
    key: 'completed',
    header: T.colCompleted,
    noWrap: true,
    optional: true,
    hiddenByDefault: kind !== 'completed',
    render: (r) => formatDateTime(r.completed_at),
  },
  { key: 'items', header: T.colItems, align: 'right', optional: true, render: (r) => r.item_count },
  { key: 'total', header: T.colTotal, align: 'right', render: (r) => formatWireMoney(r.total_price) },
];

const EMPTY: ReportFilters = { name: '', date_after: '', date_before: '' };

/**
 * The chart's days: the list's, its start moved up to the longest span a chart takes (the chart of
 * "since 2000" shows the last ten years of it).
 */
function chartRange({ date_after, date_before }: DateRange): Partial<DateRange> {
  const to = date_before || todayIn();
  const from = date_after && daysBetween(date_after, to) > CHART_MAX_DAYS ? addDays(to, -CHART_MAX_DAYS) : date_after;
  return { ...(from ? { date_after: from } : {}), ...(date_before ? { date_before } : {}) };
}

/** A production report: its chart, the paged rows with a name and date filter, and the CSV. */
export function ReportPage({ kind, chart }: { kind: ReportKind; chart?: ChartKind }) {
  const list = useListState({ key: `reports.${kind}`, pageSize: PAGE_SIZE.accounts, filters: EMPTY });
  const sent = { ...list, filters: { ...list.filters, ...sentRange(list.filters) } };
  const query = useReport(kind, sent);
  // The chart counts the rows of the same days (its own last periods when no day is chosen).
  const range = chartRange(sent.filters);
  return (
    <ListPage
      actions={
        <DownloadButton onDownload={() => downloadReport(kind, sent)} data-testid="report-csv">
          {T.downloadCsv}
        </DownloadButton>
      }
      above={chart && <ReportChart kind={chart} range={range} />}
      query={query}
      state={list}
      filters={{
        fields: [
          { kind: 'text', name: 'name', label: T.nameFilter, testId: 'report-name-filter' },
          dateRangeField(list, 'report-range'),
        ],
      }}
      columns={columnsFor(kind)}
      emptyText={T.noRows}
      rowTestId={(r) => `report-row-${r.id}`}
      testId={`report-${kind}`}
    />
  );
}
