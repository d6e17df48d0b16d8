import { type Executor, schema } from '@cab/db';
import { basisPoints, cents } from '@cab/shared';
import { inArray, sql } from 'drizzle-orm';
import { createPaymentOption, createPaymentRule, setChargeSettings } from '../modules/finance/index.ts';
import { DEMO_ORDER_CUSTOMERS, DEMO_PAYMENT_OPTIONS } from './finance.ts';

/**
 * The demo payment rules and charge settings (issue 17), through the finance module's writers:
 * a large-order option whose rules admit business accounts from $5,000 and personal ones from
 * $10,000, Net 30 admitted to the demo company, an inactive rule on "Pay in full", and overdue
 * interest and storage fees for the demo company and the personal customer. The rules leave the
 * options the demo orders use open to them. Idempotent: only while payment_rules is empty. The
 * charge settings hold from `chargesFrom` (YYYY-MM-DD, UTC), the first day of the demo's charges.
 */

const DEMO_LARGE_ORDER_OPTION = 'Large order 30/40/30';

const { paymentOptions, paymentRules, users } = schema;

export async function seedDemoFinanceRules(tx: Executor, chargesFrom?: string): Promise<void> {
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentRules);
  if (Number(n) > 0) return;
  const demo = await tx
    .select({ id: users.id, email: users.email, companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, [...DEMO_ORDER_CUSTOMERS]));
  const options = await tx.select({ id: paymentOptions.id, name: paymentOptions.name }).from(paymentOptions);
  const optionId = (name: string) => options.find((o) => o.name === name)?.id;
  const personal = demo.find((u) => u.email === 'personal@demo.test');
  const companyId = demo.find((u) => u.companyId !== null)?.companyId ?? null;
  if (!personal || optionId(DEMO_PAYMENT_OPTIONS.payInFull) === undefined) return;

  const large =
    optionId(DEMO_LARGE_ORDER_OPTION) ??
    (
      await createPaymentOption(tx, {
        name: DEMO_LARGE_ORDER_OPTION,
        description: 'For large orders: 30 % on approval, 40 % before pickup, 30 % 15 days after completion.',
        discountPercentage: null,
        milestones: [
          { label: 'Deposit', percentage: 3_000, due: 'ON_APPROVAL' },
          { label: 'Before pickup', percentage: 4_000, due: 'BEFORE_PICKUP' },
          { label: 'Final', percentage: 3_000, due: 'DAYS_AFTER_COMPLETION', days: 15 },
        ],
        index: 3,
      })
    ).id;
  await createPaymentRule(tx, { paymentOptionId: large, accountType: 'B', minTotal: cents(500_000) });
  await createPaymentRule(tx, { paymentOptionId: large, accountType: 'P', minTotal: cents(1_000_000) });
  const net30 = optionId(DEMO_PAYMENT_OPTIONS.net30);
  if (net30 !== undefined && companyId !== null) {
    await createPaymentRule(tx, { paymentOptionId: net30, accountType: 'B', companyId });
  }
  await createPaymentRule(tx, {
    paymentOptionId: optionId(DEMO_PAYMENT_OPTIONS.payInFull)!,
    maxTotal: cents(5_000_000),
    isActive: false,
  });

  if (companyId !== null) {
    await setChargeSettings(
      tx,
      { companyId },
      {
        interestEnabled: true,
        interestMonthly: basisPoints(150),
        interestGraceDays: 10,
        storageEnabled: true,
        storageDailyAmount: cents(1_500),
        storageFreeDays: 7,
      },
      chargesFrom,
    );
  }
  await setChargeSettings(
    tx,
    { customerId: personal.id },
    { interestEnabled: true, interestMonthly: basisPoints(100), interestGraceDays: 15 },
    chargesFrom,
  );
}
