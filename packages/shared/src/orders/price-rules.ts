import { CUSTOMER_ROLES, type Role } from '../auth/roles.ts';
import type { OrderStatus } from './lifecycle.ts';

/**
 * Who may change an order's price, and when (DOMAIN "Order totals", issue 15): the price moves
 * only before production; a VERIFIED order is repriced by an ADMIN only. The server refuses what
 * these refuse; the web offers only what they allow, so nobody meets a raw refusal code.
 */

/** Statuses whose price may still change (the invoice follows approve). */
const PRICE_OPEN_STATUSES = ['BID', 'ORDERED', 'VERIFIED'] as const satisfies readonly OrderStatus[];

export type PriceAction = 'recalculate' | 'custom_discount' | 'discount_code' | 'bypass_payment_option_discount';

export interface PriceRuleOrder {
  status: OrderStatus;
  /** The order answer's can_be_updated: a customer changes a BID only while it may be updated. */
  can_be_updated: boolean;
}

const isCustomer = (role: Role) => (CUSTOMER_ROLES as readonly Role[]).includes(role);

export function canChangePrice(action: PriceAction, order: PriceRuleOrder, role: Role): boolean {
  if (!(PRICE_OPEN_STATUSES as readonly OrderStatus[]).includes(order.status)) return false;
  if (role === 'ADMIN') return true;
  switch (action) {
    case 'recalculate':
      return role === 'STAFF' && order.status !== 'VERIFIED';
    case 'discount_code':
      return isCustomer(role) && order.status === 'BID' && order.can_be_updated;
    default:
      return false;
  }
}
