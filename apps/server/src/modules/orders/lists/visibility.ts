import type { Actor } from '../../../kit/context.ts';

/**
 * Which orders an actor sees: THE rule, used by the list (lists/service.ts) and by every read or
 * write of one order (reach.ts). Admins and staff see every order; a user without a role none;
 * a customer their own; a business manager also the company's (orders.company_id: the
 * customer's company when the order was made).
 */
export type Visibility =
  | { all: true }
  | { none: true }
  | { companyId: number; customerId: number }
  | { customerId: number };

export function visibilityOf(actor: Pick<Actor, 'id' | 'role' | 'companyId'>): Visibility {
  if (actor.role === 'ADMIN' || actor.role === 'STAFF') return { all: true };
  if (actor.role === null) return { none: true };
  if (actor.role === 'BUSINESS_MANAGER' && actor.companyId !== null) {
    return { companyId: actor.companyId, customerId: actor.id };
  }
  return { customerId: actor.id };
}

/**
 * Does `visibility` reach this order? A manager reaches the company's orders and their own, also
 * one made before joining the company; the manager's list shows the company's orders only
 * (decision 0014: one indexed condition), so such an order is reached but not listed.
 */
export function reaches(visibility: Visibility, order: { customerId: number; companyId: number | null }): boolean {
  if ('all' in visibility) return true;
  if ('none' in visibility) return false;
  if (order.customerId === visibility.customerId) return true;
  return 'companyId' in visibility && order.companyId === visibility.companyId;
}
