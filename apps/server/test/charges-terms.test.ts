import { schema } from '@cab/db';
import { coreApi, financeApi, MSG } from '@cab/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/kit/context.ts';
import { runDailyJob, utcDay } from '../src/kit/jobs/daily.ts';
import { DAILY_CHARGES_JOB, dailyChargesJob } from '../src/modules/finance/index.ts';
import { call, uncollectedOrder } from './invoices-helpers.ts';
import type { Fixture } from './orders-lifecycle-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * The shop's payment terms (issue 34 "due on the day charged (with the shop's terms)", decision
 * 0053): the daily charges' milestone is due the day charged plus the setting
 * `payment_terms_days`, as it held that day (a change holds from the next day, so a day posted
 * late posts with the terms of its own day); the invoice and statement papers print the terms.
 * Before, the terms were a constant 30 days.
 */

const plus = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

let f: Fixture;
let server: RequestContext;
let invoiceId: number;
/** The jobs' days are UTC (decision 0039); a change made today holds from tomorrow. */
const today = utcDay();
const tomorrow = plus(today, 1);

beforeAll(async () => {
  // Completed 100 days ago and not picked up: a storage fee every day.
  ({ f, server, invoiceId } = await uncollectedOrder());
  const storage = await f.t.call(financeApi.customerUpdateStorageFees, {
    token: f.tokens.ADMIN,
    params: { id: f.userIds.PERSONAL },
    // The charge settings too hold from tomorrow; seed today's as if made long ago.
    body: { enabled: true, daily_amount: '4.00', free_days: 3 },
  });
  expect(storage.status).toBe(200);
  await f.t.handle.db
    .update(schema.accountChargeSettingsHistory)
    .set({ effectiveFrom: plus(today, -10) })
    .where(eq(schema.accountChargeSettingsHistory.customerId, f.userIds.PERSONAL));
}, 120_000);
afterAll(() => f.close());

/** The due date of the charges milestone the day's FEE went on. */
async function feeDueOn(day: string) {
  const [row] = await f.t.handle.db
    .select({ due: schema.invoiceMilestones.dueDate })
    .from(schema.ledgerEntries)
    .innerJoin(schema.invoiceMilestones, eq(schema.invoiceMilestones.id, schema.ledgerEntries.milestoneId))
    .where(
      and(
        eq(schema.ledgerEntries.invoiceId, invoiceId),
        eq(schema.ledgerEntries.kind, 'FEE'),
        eq(schema.ledgerEntries.effectiveDate, day),
      ),
    );
  return row?.due;
}

describe('payment terms', () => {
  it('are a setting of 0 to 365 days, 30 by default', async () => {
    const read = await call(f, coreApi.getSettings, 'ADMIN', {});
    expect(read.body.payment_terms_days).toBe(30);
    for (const bad of [-1, 366, 7.5, '10']) {
      const res = await call(f, coreApi.patchSettings, 'ADMIN', { body: { payment_terms_days: bad } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ payment_terms_days: [MSG.termsDaysRange] });
    }
    const staff = await call(f, coreApi.patchSettings, 'STAFF', { body: { payment_terms_days: 10 } });
    expect(staff.status).toBe(403);
  });

  it('date each day charges as the terms held that day, whichever day posts it', async () => {
    const patched = await call(f, coreApi.patchSettings, 'ADMIN', { body: { payment_terms_days: 10 } });
    expect(patched.status).toBe(200);
    expect(patched.body.payment_terms_days).toBe(10);
    // Tomorrow is posted first; today is posted after the change (late): it keeps the old 30 days.
    expect(await runDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, tomorrow)).toBe('ran');
    expect(await runDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, today)).toBe('ran');
    expect(await feeDueOn(tomorrow)).toBe(plus(tomorrow, 10));
    expect(await feeDueOn(today)).toBe(plus(today, 30));
    // Net 0: the charge is due the day charged.
    expect((await call(f, coreApi.patchSettings, 'ADMIN', { body: { payment_terms_days: 0 } })).status).toBe(200);
    const later = plus(today, 2);
    expect(await runDailyJob(server, DAILY_CHARGES_JOB, dailyChargesJob, later)).toBe('ran');
    expect(await feeDueOn(later)).toBe(later);
  });

  it('are printed on the invoice and on the statement', async () => {
    expect((await call(f, coreApi.patchSettings, 'ADMIN', { body: { payment_terms_days: 15 } })).status).toBe(200);
    const pdf = async (url: string) => {
      const res = await f.t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Token ${f.tokens.PERSONAL}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    const invoice = await pdf(`/api/invoices/${invoiceId}/pdf/`);
    expect(invoice).toContain('Interest and fees: due 15 days after the day charged');
    const statement = await pdf(`/api/accounts/customers/${f.userIds.PERSONAL}/statement/?format=pdf`);
    expect(statement).toContain('Interest and fees: due 15 days after the day charged');
  });
});
