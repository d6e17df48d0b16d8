import { todayOf } from '../../kit/context.ts';
import type { DailyJob } from '../../kit/jobs/daily.ts';
import { expireDue } from './repository.ts';

export const EXPIRE_PROPOSALS_JOB = 'proposals:expire';

/**
 * SENT and VIEWED proposals past valid_until become EXPIRED. On the shop's day (todayOf), not the
 * run's UTC day: reads already say EXPIRED from the shop's midnight; this writes it for the lists.
 */
export const expireProposalsJob: DailyJob = async (ctx) => {
  await expireDue(ctx.db, todayOf(ctx));
};
