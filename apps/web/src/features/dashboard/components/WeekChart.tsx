import { DASHBOARD_TEXT, type DashboardWeek } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { formatWeekday } from '../../../lib/format.ts';

/** This week's cabinets completed per day against the capacity per day (ADMIN, STAFF). */
export function WeekChart({ week }: { week: DashboardWeek }) {
  const capacity = `${DASHBOARD_TEXT.weekChartCapacity} ${week.capacity_per_day}`;
  return (
    <Card sx={{ mb: 3 }} data-testid="dashboard-week-chart">
      <CardContent>
        <Typography variant="h6" component="h2">
          {DASHBOARD_TEXT.weekChartTitle}
        </Typography>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: week.days.map((d) => formatWeekday(d.date)) }]}
          yAxis={[{ min: 0, max: Math.max(week.capacity_per_day, ...week.days.map((d) => d.cabinets_completed)) }]}
          series={[{ label: DASHBOARD_TEXT.weekChartCompleted, data: week.days.map((d) => d.cabinets_completed) }]}
        >
          <ChartsReferenceLine
            y={week.capacity_per_day}
            label={capacity}
            lineStyle={{ stroke: '#c62828', strokeDasharray: '6 4' }}
          />
        </BarChart>
      </CardContent>
    </Card>
  );
}
