import type { Role } from './roles.ts';

/**
 * Whose records a person reaches (issue 28: the one rule for orders, invoices, payments, credit,
 * bank accounts and live events, on the server; the web shows the flags the server's answers
 * carry, computed with it: orders/wire.ts). The shop (ADMIN, STAFF) reaches
 * every customer's; a customer their own; a business manager also the company's; a user without
 * a role nobody's. What a person cannot reach answers 404, as if it did not exist.
 */
export type Reach = { all: true } | { none: true } | { customerId: number; companyId: number | null };

export function reachOf(actor: { id: number; role: Role | null; companyId: number | null }): Reach {
  if (actor.role === 'ADMIN' || actor.role === 'STAFF') return { all: true };
  if (actor.role === null) return { none: true };
  return { customerId: actor.id, companyId: actor.role === 'BUSINESS_MANAGER' ? actor.companyId : null };
}

/**
 * Does `reach` take in a record of this customer and company (a company's own record, as its
 * credit: `customerId` null)? A manager reaches the company's records and their own, also one
 * made before joining the company.
 */
export function reaches(reach: Reach, record: { customerId: number | null; companyId: number | null }): boolean {
  if ('all' in reach) return true;
  if ('none' in reach) return false;
  if (record.customerId !== null && record.customerId === reach.customerId) return true;
  return reach.companyId !== null && record.companyId === reach.companyId;
}
