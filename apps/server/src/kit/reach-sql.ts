import type { Reach } from '@cab/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The rows `reach` takes in (the shared reachOf): a customer's own, a manager's also the company's. */
export function reachWhere(reach: Reach, customer: AnyColumn, company: AnyColumn): SQL | undefined {
  if ('all' in reach) return undefined;
  if ('none' in reach) return sql`false`;
  return reach.companyId !== null
    ? sql`(${customer} = ${reach.customerId} or ${company} = ${reach.companyId})`
    : sql`${customer} = ${reach.customerId}`;
}
