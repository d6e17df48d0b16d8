import { DAY_MS } from '@cab/shared';
import type { RequestContext } from '../kit/context.ts';
import { runDailyJob, utcDay } from '../kit/jobs/daily.ts';
import { DAILY_CHARGES_JOB, dailyChargesJob } from '../modules/finance/index.ts';

/**
 * Demo charges (decisions 0035, 0039): the last `days` days' overdue interest and storage fees
 * of the demo accounts with charges on, posted as the daily job would have posted them on each
 * of those days: through the job runner (each day claimed in job_runs, so a later tick goes on
 * from today), with the settings that held that day, each entry recorded at that day. Made once,
 * with the demo orders (seed/index.ts); today's are the daily job's.
 */

/** The first day the demo charges are posted for: the demo's charge settings hold from it. */
export const demoChargesFrom = (now: Date, days = 3) => utcDay(new Date(now.getTime() - days * DAY_MS));

export async function seedDemoCharges(ctx: RequestContext, days = 3, now = new Date()) {
  for (let back = days; back >= 1; back--) {
    const day = utcDay(new Date(now.getTime() - back * DAY_MS));
    const at = new Date(`${day}T12:00:00Z`);
    const result = await runDailyJob({ ...ctx, at: at < now ? at : now }, DAILY_CHARGES_JOB, dailyChargesJob, day);
    if (result === 'failed') throw new Error(`the demo charges of ${day} could not be posted`);
  }
}
