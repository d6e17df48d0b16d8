import { reaches, reachOf } from '@cab/shared';
import type { Actor } from './context.ts';
import { notFound } from './errors.ts';

/** What a reach is checked on: the record's customer and company (a company's own record: customer null). */
type Reachable = { customerId: number | null; companyId: number | null };

/**
 * 404 unless `actor` reaches the record (the shared reachOf/reaches): what a person cannot reach
 * answers as if it did not exist. A missing record is the same 404.
 */
export function assertReaches<R extends Reachable>(
  actor: Pick<Actor, 'id' | 'role' | 'companyId'>,
  record: R | null | undefined,
): asserts record is R {
  if (!record || !reaches(reachOf(actor), record)) throw notFound();
}
