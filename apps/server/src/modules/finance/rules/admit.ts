import type { Executor } from '@cab/db';
import * as base from '../repository.ts';
import * as repo from './repository.ts';

/**
 * Which payment options a customer may pick (DOMAIN.md "Invoices, milestones, payments"; issue
 * 17): the options active and valid on the date (business-only ones for business accounts), of
 * which an option without active rules is open to everyone, and one with rules only to those an
 * active rule admits. A rule admits when each of its conditions holds (a null condition always
 * does): the account type, the company, and min_total <= total <= max_total.
 */
export interface PaymentChooser {
  /** The day the option must be valid on (YYYY-MM-DD). */
  date: string;
  accountType: 'P' | 'B' | null;
  companyId: number | null;
  /** The order's total the rules' bounds compare (cents): total_after_discount, decision 0027. */
  total: number;
}

export async function admittedPaymentOptions(db: Executor, who: PaymentChooser) {
  const options = await base.paymentOptionsOn(db, who.date, who.accountType === 'B');
  const rules = await repo.activeRulesOf(
    db,
    options.map((o) => o.id),
  );
  return options.filter((o) => {
    const own = rules.filter((r) => r.paymentOptionId === o.id);
    return own.length === 0 || own.some((r) => admits(r, who));
  });
}

function admits(
  r: { accountType: string | null; companyId: number | null; minTotal: number | null; maxTotal: number | null },
  who: PaymentChooser,
) {
  return (
    (r.accountType === null || r.accountType === who.accountType) &&
    (r.companyId === null || r.companyId === who.companyId) &&
    (r.minTotal === null || who.total >= r.minTotal) &&
    (r.maxTotal === null || who.total <= r.maxTotal)
  );
}
