import { schema } from '@cab/db';
import { addDays, dayIn } from '@cab/shared';
import { eq } from 'drizzle-orm';
import type { Ctx, RequestContext } from '../kit/context.ts';
import { nextWorkingDay, plannerList, planOrder } from '../modules/reports/index.ts';

/**
 * Demo planned days (issue 18): the open demo orders (verified, in production) are planned on
 * the working days from today on, a few a day, through the planner's own use case, so the
 * planner shows a loaded fortnight on first start. A few stay unplanned, as in a real queue.
 */
export async function seedDemoPlans(ctx: RequestContext, now = new Date()): Promise<number> {
  const [admin] = await ctx.db.select().from(schema.users).where(eq(schema.users.email, 'admin@demo.test'));
  if (!admin) return 0;
  const as: Ctx = {
    ...ctx,
    actor: { id: admin.id, email: admin.email, role: 'ADMIN', companyId: null, tokenId: 0, mustChangePassword: false },
  };
  const today = dayIn(now);
  const { results } = await plannerList(as, {});
  const open = results.filter((r) => r.planned_date === null);
  // Every fourth open order stays in the unplanned column.
  const toPlan = open.filter((_, i) => i % 4 !== 3);
  let day = await nextWorkingDay(as, today);
  let planned = 0;
  for (const [i, row] of toPlan.entries()) {
    if (i > 0 && i % 3 === 0) day = await nextWorkingDay(as, addDays(day, 1));
    // The demo plans three orders a day whatever their size: a day over capacity is part of the demo.
    await planOrder(as, row.order.id, { planned_date: day, force: true });
    planned += 1;
  }
  return planned;
}
