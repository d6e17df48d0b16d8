import { SAMPLE_RATES, type SampleRate, REPORTS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { type ChartKind, useChart } from '../api.ts';

type Point = Record<string, string | number>;

const SERIES: Record<ChartKind, { key: string; label: string; stack?: string; color?: string }[]> = {
  late: [
    { key: 'late', label: T.chartLate, stack: 'due', color: '#c62828' },
    { key: 'on_time', label: T.chartOnTime, stack: 'due', color: '#2e7d32' },
  ],
  completed: [
    { key: 'completed', label: T.chartCompleted },
    { key: 'shipped', label: T.chartShipped },
  ],
  created: [{ key: 'created', label: T.chartCreated }],
};

/** A report's chart (@mui/x-charts) by day, week or month. */
export function ReportChart({ kind }: { kind: ChartKind }) {
  const [rate, setRate] = useState<SampleRate>('week');
  const chart = useChart(kind, rate);
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
          xAxis={[{ scaleType: 'band', data: points.map((p) => String(p.period_start)) }]}
          series={SERIES[kind].map((s) => ({
            label: s.label,
            stack: s.stack,
            color: s.color,
            data: points.map((p) => Number(p[s.key] ?? 0)),
          }))}
        />
      </CardContent>
    </Card>
  );
}
