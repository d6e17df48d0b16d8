import type { Order } from '@cab/shared';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { businessDaysFrom, getSettings } from '../../core/index.ts';
import { changeOrder } from '../change/change.ts';
import { loadOrderRow } from '../reach.ts';
import * as repo from '../repository.ts';

/**
 * A remake order (issue 29) ships as its source order did: the source's shipping method, billing
 * and shipping addresses (their snapshots, so a later edit of the address book changes neither),
 * delivery notes and contact are copied onto the new BID, due `remake_lead_time` business days
 * (a core setting) after today, the day the remake is approved. Done before the remake order is submitted; the reprice then taxes it by the shipping
 * state, as the source was (a remake not charged is $0.00 whatever the state).
 */
const DELIVERY_FIELDS = [
  'shippingMethod',
  'billingAddressId',
  'billingAddress',
  'shippingAddressId',
  'shippingAddress',
  'deliveryNotes',
  'deliveryContactName',
  'deliveryContactPhone',
] as const;

const auditDelivery = (row: repo.OrderRow) => ({
  shipping_method: row.shippingMethod,
  shipping_address: row.shippingAddress,
  delivery_contact_name: row.deliveryContactName,
  delivery_contact_phone: row.deliveryContactPhone,
  due_date: row.dueDate,
});

export async function copyRemakeDelivery(ctx: Ctx, id: number, fromOrderId: number): Promise<Order> {
  const { remake_lead_time } = await getSettings(ctx);
  const dueDate = await businessDaysFrom(ctx, todayOf(ctx), remake_lead_time);
  return changeOrder(ctx, id, {
    action: 'remake_delivery',
    allowed: (_tx, row) => {
      // Only a draft takes another order's delivery: a submitted order has its own.
      if (row.status !== 'BID') throw new Error(`copyRemakeDelivery: order ${id} is ${row.status}, not a BID`);
    },
    apply: async (tx, row) => {
      const from = await loadOrderRow(tx, fromOrderId, tx.db);
      const values = Object.fromEntries(DELIVERY_FIELDS.map((k) => [k, from[k]])) as Partial<repo.NewOrder>;
      await repo.updateOrder(tx.db, row.id, { ...values, dueDate });
      return from.id;
    },
    record: (before, saved, from) => ({
      before: auditDelivery(before),
      after: { ...auditDelivery(saved), remake_of_order: from },
    }),
  });
}
