import { schema } from '@cab/db';
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
  const today = now.toISOString().slice(0, 10);
  const { results } = await plannerList(as, {});
  const open = results.filter((r) => r.planned_date === null);
  // Every fourth open order stays in the unplanned column.
  const toPlan = open.filter((_, i) => i % 4 !== 3);
  let day = await nextWorkingDay(as, today);
  let planned = 0;
  for (const [i, row] of toPlan.entries()) {
    if (i > 0 && i % 3 === 0) day = await nextWorkingDay(as, addDay(day));
    await planOrder(as, row.order.id, { planned_date: day });
    planned += 1;
  }
  return planned;
}

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
