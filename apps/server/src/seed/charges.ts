import type { RequestContext } from '../kit/context.ts';
import { utcDay } from '../kit/daily-jobs.ts';
import { chargeSettings } from '../modules/finance/index.ts';
import { postDailyCharges } from '../modules/invoices/index.ts';

/**
 * Demo charges (decision 0035): the last `days` days' overdue interest and storage fees of the
 * demo accounts with charges on, through the invoices module's daily body (so the invoice pages
 * show some on first start; today's are the daily job's). Idempotent: a day's charge of a
 * milestone posts once (the ledger's unique key).
 */
export async function seedDemoCharges(ctx: RequestContext, days = 3, now = new Date()) {
  const settings = await chargeSettings(ctx);
  for (let back = days; back >= 1; back--) {
    await postDailyCharges(ctx, utcDay(new Date(now.getTime() - back * 86_400_000)), settings);
  }
}
