import { type CompletedShippedLogRow, LOG_RANGES, PAGE_SIZE, PRODUCTION_TEXT as T } from '@cab/shared';
import { useNavigate } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { listQueryOf, useListState } from '../../../components/data-table/useListState.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadCompletionLog, useCompletionLog } from '../api.ts';

// '' (the list's empty value) is the server's default, today.
const RANGES = LOG_RANGES.filter((r) => r !== 'today');

const columns: DataColumn<CompletedShippedLogRow>[] = [
  { key: 'at', header: T.at, noWrap: true, render: (r) => formatDateTime(r.at) },
  { key: 'event', header: T.event, render: (r) => T.logEvents[r.event] },
  { key: 'order', header: T.order, render: (r) => `#${r.order.id} ${r.order.name}` },
  { key: 'cabinet', header: T.cabinet, noWrap: true, render: (r) => <code>{r.cabinet.barcode}</code> },
  { key: 'by', header: T.by, render: (r) => r.by?.full_name ?? '' },
];

/** /orders/completion-log (ADMIN, STAFF): cabinets completed and shipped, today by default; CSV. */
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
    filters: { selected_range: '' },
  });
  const query = event ? { ...listQueryOf(list), event } : listQueryOf(list);
  const log = useCompletionLog(query);
  return (
    <ListPage
      actions={<DownloadButton onClick={() => void downloadCompletionLog(query)}>{T.downloadCsv}</DownloadButton>}
      query={log}
      state={list}
      filters={{
        clear: false,
        fields: [
          {
            kind: 'select',
            name: 'selected_range',
            label: T.range,
            anyLabel: T.ranges.today,
            options: RANGES,
            labels: T.ranges,
            testId: 'range-filter',
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
