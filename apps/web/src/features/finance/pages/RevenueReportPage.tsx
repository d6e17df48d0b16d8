import { formatWireMoney, REVENUE_INTERVALS, type RevenueInterval, FINANCE_REPORTS_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatPeriod } from '../../../lib/format.ts';
import { downloadRevenue, type RevenueFilters, useRevenue } from '../reportsApi.ts';

const DEFAULTS: RevenueFilters = { interval: 'month', date_after: '', date_before: '' };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick in dollars, short enough to be read whole: 70000 -> "$70K", -1500 -> "-$1.5K". */
const axisDollars = (value: number | null) =>
  value === null ? '' : `${value < 0 ? '-' : ''}$${compact.format(Math.abs(value))}`;

/** /finance/reports/revenue (ADMIN): invoiced and collected per day, week or month, as a chart; CSV. */
export default function RevenueReportPage() {
  const [filters, update] = useSearchState<RevenueFilters>({ key: 'finance.revenue', defaults: DEFAULTS });
  const query = useRevenue(filters);
  const points = query.data?.results ?? [];
  const dateField = (name: 'date_after' | 'date_before', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      fullWidth={false}
      sx={{ width: 180 }}
      value={filters[name]}
      onChange={(e) => update({ [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `revenue-${name}` } }}
    />
  );
  return (
    <>
      <PageHeader
        actions={
          <DownloadButton onDownload={() => downloadRevenue(filters)} data-testid="revenue-csv">
            {T.downloadCsv}
          </DownloadButton>
        }
      />
      <Card data-testid="revenue-chart">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={filters.interval}
              onChange={(_, next: RevenueInterval | null) => next && update({ interval: next })}
              aria-label={T.interval}
            >
              {REVENUE_INTERVALS.map((i) => (
                <ToggleButton key={i} value={i} data-testid={`revenue-interval-${i}`}>
                  {T.intervals[i]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {dateField('date_after', T.dateAfter)}
            {dateField('date_before', T.dateBefore)}
            <Box sx={{ flex: 1 }} />
            {query.data && (
              <Typography variant="body2" data-testid="revenue-totals">
                {T.invoiced}: {formatWireMoney(query.data.totals.invoiced)} · {T.collected}:{' '}
                {formatWireMoney(query.data.totals.collected)}
              </Typography>
            )}
          </Box>
          {query.isError && (
            <Typography color="error" variant="body2">
              {(query.error as Error).message}
            </Typography>
          )}
          <BarChart
            height={320}
            loading={query.isPending}
            xAxis={[{ scaleType: 'band', data: points.map((p) => formatPeriod(p.period_start, filters.interval)) }]}
            yAxis={[{ valueFormatter: axisDollars, width: 64 }]}
            series={[
              { label: T.invoiced, data: points.map((p) => Number(p.invoiced)) },
              { label: T.collected, data: points.map((p) => Number(p.collected)) },
            ]}
          />
        </CardContent>
      </Card>
    </>
  );
}
