import { DASHBOARD_TEXT, type DashboardWeek } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatWeekday } from '../../../lib/format.ts';

/**
 * This week's cabinets completed per day against the capacity per day (ADMIN, STAFF): a capacity
 * bar beside each working day's, none over a closed day (weekend or holiday).
 */
export function WeekChart({ week }: { week: DashboardWeek }) {
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
          series={[
            { label: DASHBOARD_TEXT.weekChartCompleted, data: week.days.map((d) => d.cabinets_completed) },
            {
              label: DASHBOARD_TEXT.weekChartCapacity,
              data: week.days.map((d) => (d.closed ? null : week.capacity_per_day)),
              color: '#757575',
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
