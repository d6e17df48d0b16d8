import { SAMPLE_RATES, type SampleRate, REPORTS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import type { DateRange } from '../../../components/data-table/DateRangeFilter.tsx';
import { formatPeriod } from '../../../lib/format.ts';
import { type ChartKind, useChart } from '../api.ts';

type Point = Record<string, string | number>;
const n = (p: Point, key: string) => Number(p[key] ?? 0);

/** Each chart's bars; a stack's parts add up to what its report lists in the period. */
const SERIES: Record<ChartKind, { label: string; value: (p: Point) => number; stack?: string; color?: string }[]> = {
  late: [
    { label: T.chartLate, value: (p) => n(p, 'late'), stack: 'due', color: '#c62828' },
    { label: T.chartOnTime, value: (p) => n(p, 'on_time'), stack: 'due', color: '#2e7d32' },
  ],
  // The completed report's orders, whatever happened after: split by whether they shipped since.
  completed: [
    {
      label: T.chartCompletedWaiting,
      value: (p) => n(p, 'completed') - n(p, 'completed_then_shipped'),
      stack: 'completed',
      color: '#1565c0',
    },
    {
      label: T.chartCompletedThenShipped,
      value: (p) => n(p, 'completed_then_shipped'),
      stack: 'completed',
      color: '#6a1b9a',
    },
  ],
  partial: [
    { label: T.chartPartialLate, value: (p) => n(p, 'late'), stack: 'partial', color: '#c62828' },
    { label: T.chartPartialNotDue, value: (p) => n(p, 'partial') - n(p, 'late'), stack: 'partial', color: '#ef6c00' },
  ],
  created: [{ label: T.chartCreated, value: (p) => n(p, 'created') }],
};

/** A report's chart (@mui/x-charts) by day, week or month, over the report's from-to days when set. */
export function ReportChart({ kind, range }: { kind: ChartKind; range?: Partial<DateRange> }) {
  const [rate, setRate] = useState<SampleRate>('week');
  const chart = useChart(kind, rate, range);
  const points = (chart.data?.results ?? []) as Point[];
  return (
    <Card sx={{ mb: 3 }} data-testid={`chart-${kind}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>
            {T.chartTitles[kind]}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={rate}
            onChange={(_, next: SampleRate | null) => next && setRate(next)}
            aria-label={T.sampleRate}
          >
            {SAMPLE_RATES.map((r) => (
              <ToggleButton key={r} value={r} data-testid={`sample-rate-${r}`}>
                {T.sampleRates[r]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <BarChart
          height={260}
          loading={chart.isPending}
          xAxis={[{ scaleType: 'band', data: points.map((p) => formatPeriod(String(p.period_start), rate)) }]}
          series={SERIES[kind].map((s) => ({
            label: s.label,
            stack: s.stack,
            color: s.color,
            data: points.map(s.value),
          }))}
        />
      </CardContent>
    </Card>
  );
}
