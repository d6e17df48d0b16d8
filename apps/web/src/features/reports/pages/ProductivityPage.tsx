import {
  PRODUCTIVITY_TEXT as P,
  PRODUCTIVITY_GROUPS,
  type ProductivityRow,
  productionApi,
  REPORTS_WEB_TEXT,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BarChart } from '@mui/x-charts/BarChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateRangeFields, rangeQuery } from '../../../components/DateRangeFields.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { call, download } from '../../../lib/api.ts';
import { formatDateTime, formatRate } from '../../../lib/format.ts';
import { useLiveEvents } from '../../../lib/live-events.ts';

type Group = (typeof PRODUCTIVITY_GROUPS)[number];
const nameOf = (r: ProductivityRow) => (r.station ?? r.user)?.name ?? '';

const COLUMNS: DataColumn<ProductivityRow>[] = [
  { key: 'name', header: P.groups.station, render: nameOf },
  { key: 'cabinets_completed', header: P.cabinetsCompleted, align: 'right', render: (r) => r.cabinets_completed },
  { key: 'scans', header: P.scans, align: 'right', render: (r) => r.scans },
  { key: 'first', header: P.firstScan, noWrap: true, render: (r) => formatDateTime(r.first_scan_at) },
  { key: 'last', header: P.lastScan, noWrap: true, render: (r) => formatDateTime(r.last_scan_at) },
  { key: 'per_hour', header: P.perHour, align: 'right', render: (r) => formatRate(r.per_hour) },
];

/** /orders/productivity (ADMIN, STAFF; issue 35): per station or per person, a chart and the table; CSV. */
export default function ProductivityPage() {
  const [group, setGroup] = useState<Group>('station');
  const [range, setRange] = useState({ date_after: '', date_before: '' });
  const query = {
    group_by: group,
    ...rangeQuery(range),
  };
  useLiveEvents(['scan', 'scan_undone'], { keys: [['productivity']] });
  const report = useQuery({
    queryKey: ['productivity', query],
    queryFn: ({ signal }) => call(productionApi.productivity, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.results ?? [];
  const columns = COLUMNS.map((c) => (c.key === 'name' ? { ...c, header: P.groups[group] } : c));
  return (
    <>
      <PageHeader
        subtitle={P.subtitle}
        actions={
          <DownloadButton
            onDownload={() =>
              download(productionApi.productivity, {
                query: { ...query, format: 'csv' },
                fallbackName: `productivity_${group}.csv`,
              })
            }
            data-testid="productivity-csv"
          >
            {REPORTS_WEB_TEXT.downloadCsv}
          </DownloadButton>
        }
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={group}
              onChange={(_, next: Group | null) => next && setGroup(next)}
              aria-label={P.groupBy}
            >
              {PRODUCTIVITY_GROUPS.map((g) => (
                <ToggleButton key={g} value={g} data-testid={`productivity-by-${g}`}>
                  {P.groups[g]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <DateRangeFields
              range={range}
              onChange={(patch) => setRange((r) => ({ ...r, ...patch }))}
              testIdPrefix="productivity"
            />
          </Box>
          <BarChart
            height={260}
            loading={report.isPending}
            xAxis={[{ scaleType: 'band', data: rows.map(nameOf) }]}
            series={[
              { label: P.cabinetsCompleted, data: rows.map((r) => r.cabinets_completed), color: '#2e7d32' },
              { label: P.scans, data: rows.map((r) => r.scans), color: '#1565c0' },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <DataTable columns={columns} rows={rows} getRowId={nameOf} emptyText={P.none} testId="productivity-rows" />
      </Card>
    </>
  );
}
