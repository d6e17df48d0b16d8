import { formatWireMoney, formatWirePercent, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useState } from 'react';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { type DateRange, DateRangeFilter } from '../../../components/data-table/DateRangeFilter.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatPeriod } from '../../../lib/format.ts';
import { downloadReportCsv, useProposalEvents, useProposalReport } from '../api.ts';

type Row = NonNullable<ReturnType<typeof useProposalReport>['data']>['results'][number];

const columns: DataColumn<Row>[] = [
  { key: 'month', header: T.month, noWrap: true, render: (r) => formatPeriod(`${r.month}-01`, 'month') },
  { key: 'sent', header: T.sentCount, align: 'right', render: (r) => r.sent },
  { key: 'viewed', header: T.viewedCount, align: 'right', render: (r) => r.viewed },
  { key: 'accepted', header: T.acceptedCount, align: 'right', render: (r) => r.accepted },
  { key: 'rate', header: T.acceptanceRate, align: 'right', render: (r) => formatWirePercent(r.acceptance_rate) },
  { key: 'revenue', header: T.revenue, align: 'right', noWrap: true, render: (r) => formatWireMoney(r.revenue) },
  { key: 'margin', header: T.margin, align: 'right', noWrap: true, render: (r) => formatWireMoney(r.margin) },
];

/** /proposals/report: by month sent, how many were viewed and accepted, the rate, revenue and margin; CSV. */
export default function ProposalReportPage() {
  const [range, setRange] = useState<DateRange>({ date_after: '', date_before: '' });
  const report = useProposalReport(range);
  useProposalEvents();
  return (
    <>
      <PageHeader
        actions={
          <DownloadButton onDownload={() => downloadReportCsv(range)} data-testid="proposal-report-csv">
            {T.downloadCsv}
          </DownloadButton>
        }
      />
      <Card>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', p: 2 }}>
          <DateRangeFilter
            value={range}
            onChange={(patch) => setRange((r) => ({ ...r, ...patch }))}
            testId="proposal-report-dates"
          />
        </Box>
        <DataTable
          columns={columns}
          rows={report.data?.results ?? []}
          getRowId={(r) => r.month}
          loading={report.isPending}
          emptyText={T.reportEmpty}
          testId="proposal-report"
          rowTestId={(r) => `proposal-report-${r.month}`}
        />
      </Card>
    </>
  );
}
