import {
  type CompletedShippedLogRow,
  LOG_RANGES,
  PAGE_SIZE,
  REPORTS_WEB_TEXT as R,
  PRODUCTION_TEXT as T,
} from '@cab/shared';
import { useNavigate } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { DateRangeFilter, sentRange } from '../../../components/data-table/DateRangeFilter.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { listQueryOf, useListState } from '../../../components/data-table/useListState.ts';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadCompletionLog, useCompletionLog } from '../api.ts';

/** The period shown while from-to dates are chosen: they win over Today / 7 / 30 days (server and here). */
const CUSTOM = 'custom';
const RANGE_LABELS = { ...T.ranges, [CUSTOM]: R.rangeCustom };
const EVENTS = ['COMPLETED', 'SHIPPED'];

const columns: DataColumn<CompletedShippedLogRow>[] = [
  { key: 'at', header: T.at, noWrap: true, render: (r) => formatDateTime(r.at) },
  { key: 'event', header: T.event, render: (r) => T.logEvents[r.event] },
  { key: 'order', header: T.order, render: (r) => `#${r.order.id} ${r.order.name}` },
  { key: 'cabinet', header: T.cabinet, noWrap: true, render: (r) => <code>{r.cabinet.barcode}</code> },
  { key: 'by', header: T.by, render: (r) => r.by?.full_name ?? '' },
];

/** /orders/completion-log (ADMIN, STAFF): cabinets completed and shipped, today by default or from-to dates; CSV. */
export default function CompletionLogPage() {
  return <CompletionLog listKey="orders.completion-log" />;
}

/**
 * The completed/shipped log as a page; with `event`, that kind only (/orders/completed-cabinets
 * shows the COMPLETED events: the cabinets finished in the range).
 */
export function CompletionLog({ listKey, event }: { listKey: string; event?: CompletedShippedLogRow['event'] }) {
  const navigate = useNavigate();
  const list = useListState({
    key: listKey,
    pageSize: PAGE_SIZE.orders,
    filters: { selected_range: '', date_after: '', date_before: '', event: '' },
  });
  const { selected_range, date_after, date_before } = list.filters;
  const custom = date_after !== '' || date_before !== '';
  const sent = listQueryOf({ ...list, filters: { ...list.filters, ...sentRange(list.filters) } });
  // A fixed event wins; else the Event filter ('' both), as the dashboard's shipped card links it.
  const query = event ? { ...sent, event } : sent;
  const log = useCompletionLog(query);
  return (
    <ListPage
      actions={<DownloadButton onDownload={() => downloadCompletionLog(query)}>{T.downloadCsv}</DownloadButton>}
      query={log}
      state={list}
      filters={{
        clear: false,
        fields: [
          {
            kind: 'node',
            name: 'selected_range',
            node: (
              <SelectField
                size="small"
                label={T.range}
                // '' (the list's empty value) is the server's default, today.
                value={custom ? CUSTOM : selected_range || 'today'}
                onChange={(e) =>
                  list.setFilters({
                    selected_range: e.target.value === 'today' ? '' : e.target.value,
                    date_after: '',
                    date_before: '',
                  })
                }
                fullWidth={false}
                sx={{ width: { xs: '100%', sm: 200 } }}
                options={custom ? [...LOG_RANGES, CUSTOM] : LOG_RANGES}
                labels={RANGE_LABELS}
                data-testid="range-filter"
              />
            ),
          },
          ...(event
            ? []
            : [
                {
                  kind: 'node' as const,
                  name: 'event',
                  node: (
                    <SelectField
                      size="small"
                      label={T.event}
                      value={list.filters.event}
                      onChange={(e) => list.setFilters({ event: e.target.value })}
                      fullWidth={false}
                      sx={{ width: { xs: '100%', sm: 160 } }}
                      options={EVENTS}
                      labels={T.logEvents}
                      anyLabel={T.allEvents}
                      data-testid="event-filter"
                    />
                  ),
                },
              ]),
          {
            kind: 'node',
            name: 'dates',
            node: (
              <DateRangeFilter
                value={{ date_after, date_before }}
                onChange={(patch) => list.setFilters({ ...patch, selected_range: '' })}
                testId="log-range"
              />
            ),
          },
        ],
      }}
      columns={columns}
      getRowId={(r) => `${r.event}-${r.cabinet.barcode}`}
      emptyText={T.noLogRows}
      onRowClick={(r) => navigate(`/orders/${r.order.id}/scan_sessions`)}
      testId={event ? `completion-log-${event.toLowerCase()}` : 'completion-log'}
    />
  );
}
