import { type Executor, schema } from '@cab/db';
import type { ApprovalRule, Cents } from '@cab/shared';
import { and, asc, eq, sql } from 'drizzle-orm';

/**
 * The company's approval rule and its employees' spending limits (issue 30). companies is this
 * module's; users' spending_limit is read here beside accounts' other user lists and written
 * through auth's updateUser (decision 0023).
 */
const { users, companies } = schema;

/** The company's employees (business users who are not managers), by name, with their limits. */
export const employeesOf = (db: Executor, companyId: number) =>
  db
    .select({
      id: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      spendingLimit: users.spendingLimit,
      monthlySpendingLimit: users.monthlySpendingLimit,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.accountType, 'B'), eq(users.isManager, false)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));

/** An employee's limits: per order and per calendar month (null = no limit). */
export interface SpendingLimits {
  limit: Cents | null;
  monthlyLimit: Cents | null;
}

const centsOrNull = (v: number | null) => (v === null ? null : (Number(v) as Cents));

/** The company's rule and the user's limits, in one statement (an employee's submit asks it). */
export async function approvalRuleFor(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<{ rule: ApprovalRule } & SpendingLimits> {
  const [row] = await db
    .select({ rule: companies.approvalRequired, limit: users.spendingLimit, monthlyLimit: users.monthlySpendingLimit })
    .from(companies)
    .leftJoin(users, eq(users.id, userId))
    .where(eq(companies.id, companyId));
  if (!row) return { rule: 'NONE', limit: null, monthlyLimit: null };
  return { rule: row.rule, limit: centsOrNull(row.limit), monthlyLimit: centsOrNull(row.monthlyLimit) };
}
