import { DASHBOARD_LINKS, DASHBOARD_TEXT, type DashboardCard } from '@cab/shared';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { money } from '../common.ts';
import { agingTotals, revenueReport } from './service.ts';

/**
 * The admin's money cards (issue 29): the aging report's open and overdue totals as of today and
 * the revenue report's collected total of this month, each read from its report.
 */
export async function shopMoneyCards(ctx: Ctx): Promise<DashboardCard[]> {
  const today = todayOf(ctx);
  const [aging, revenue] = await Promise.all([
    agingTotals(ctx),
    revenueReport(ctx, { interval: 'month', date_after: `${today.slice(0, 7)}-01`, date_before: today }),
  ]);
  const collected = 'totals' in revenue ? revenue.totals.collected : money(0);
  return [
    {
      key: 'open_balance',
      label: DASHBOARD_TEXT.openBalance,
      value: money(aging.total),
      kind: 'money',
      href: DASHBOARD_LINKS.aging,
    },
    {
      key: 'overdue_balance',
      label: DASHBOARD_TEXT.overdueBalance,
      value: money(aging.total - aging.current),
      kind: 'money',
      href: DASHBOARD_LINKS.aging,
    },
    {
      key: 'collected_this_month',
      label: DASHBOARD_TEXT.collectedThisMonth,
      value: collected,
      kind: 'money',
      href: DASHBOARD_LINKS.revenue,
    },
  ];
}
