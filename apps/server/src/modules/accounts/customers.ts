import type { Executor } from '@cab/db';
import * as repo from './repository.ts';

/**
 * What other modules (orders) read of a customer's company and addresses. Reads take an executor:
 * they run inside the caller's work (its transaction or ctx.db).
 */

export { activeManagersOf, addressOfOwner, companyName, companyNames, defaultAddressOf } from './repository.ts';

/** The state of the customer's default shipping address (their own, else the company's). */
export async function shippingState(db: Executor, customerId: number, companyId: number | null) {
  const rows = await repo.shippingAddressesOf(db, customerId, companyId);
  const pick =
    rows.find((r) => r.isDefault && r.userId === customerId) ??
    rows.find((r) => r.isDefault) ??
    rows.find((r) => r.userId === customerId) ??
    rows[0];
  return pick?.state ?? null;
}
