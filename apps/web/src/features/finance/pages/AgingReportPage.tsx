import { AGING_BUCKETS, type AgingRow, formatWireMoney, PAGE_SIZE, FINANCE_REPORTS_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListQuery } from '../../../components/data-table/useListState.ts';
import { type AgingFilters, downloadAging, useAging } from '../reportsApi.ts';

const columns: DataColumn<AgingRow>[] = [
  {
    key: 'party',
    header: T.party,
    minWidth: 200,
    render: (r) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {r.party.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {T.partyType[r.party.type]}
        </Typography>
      </>
    ),
  },
  ...AGING_BUCKETS.map(
    (b): DataColumn<AgingRow> => ({
      key: b,
      header: T.buckets[b],
      align: 'right',
      noWrap: true,
      render: (r) => formatWireMoney(r[b]),
    }),
  ),
  { key: 'total', header: T.total, align: 'right', noWrap: true, render: (r) => formatWireMoney(r.total) },
  // Beside the total, not netted from it: credit is applied to an invoice by a person (issue 34).
  {
    key: 'unapplied_credit',
    header: T.unappliedCredit,
    align: 'right',
    noWrap: true,
    render: (r) => (r.unapplied_credit === '0.00' ? '' : formatWireMoney(r.unapplied_credit)),
  },
];

const EMPTY: AgingFilters = { search: '', as_of: '' };

/** /finance/reports/aging (ADMIN): open balances by customer or company, bucketed as of a day (SPEC 3's aging start date). */
export default function AgingReportPage() {
  const list = useListQuery({ key: 'finance.aging', pageSize: PAGE_SIZE.orders, filters: EMPTY }, useAging);
  const totals = list.query.data?.totals;
  return (
    <ListPage
      actions={
        <DownloadButton onDownload={() => downloadAging(list.state)} data-testid="aging-csv">
          {T.downloadCsv}
        </DownloadButton>
      }
      {...list}
      filters={{
        fields: [{ kind: 'text', name: 'search', label: T.search, testId: 'aging-search', search: true }],
        end: (
          <TextField
            size="small"
            type="date"
            label={T.asOf}
            fullWidth={false}
            sx={{ width: 180 }}
            value={list.state.filters.as_of || list.query.data?.as_of || ''}
            onChange={(e) => list.state.setFilter('as_of', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'aging-as-of' } }}
          />
        ),
      }}
      columns={columns}
      emptyText={T.noRows}
      rowTestId={(r) => `aging-row-${r.party.type}-${r.party.id}`}
      testId="aging-report"
      footer={
        totals && (
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
            data-testid="aging-totals"
          >
            <Typography variant="subtitle2">{T.totals}</Typography>
            {AGING_BUCKETS.map((b) => (
              <Typography key={b} variant="body2">
                {T.buckets[b]}: {formatWireMoney(totals[b])}
              </Typography>
            ))}
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {T.total}: {formatWireMoney(totals.total)}
            </Typography>
            <Typography variant="body2" data-testid="aging-totals-credit">
              {T.unappliedCredit}: {formatWireMoney(totals.unapplied_credit)}
            </Typography>
          </Box>
        )
      }
    />
  );
}
