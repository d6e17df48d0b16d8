import { cents, percentOf } from '../money.ts';
import {
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  type GroupPremiums,
  type LineBreakdown,
  type PremiumPrice,
  type PricePart,
  type PricingItem,
  type PricingPremiumKind,
} from './types.ts';

function count(n: number | undefined, what: string): number {
  const value = n ?? 0;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number >= 0: ${n}`);
  return value;
}

/**
 * How many of a premium's price an item takes: doors of its kind, drawers, 1 for the fixed
 * wood species and finish option. 0 means the premium does not apply to this item at all, so a
 * percentage door style is not charged on a cabinet without doors of that kind (decision 0012).
 */
function multiplierOf(kind: GroupPremiumKind, item: PricingItem): number {
  switch (kind) {
    case 'base_door_style':
      return count(item.nbBaseDoor, 'nbBaseDoor');
    case 'wall_door_style':
      return count(item.nbWallDoor, 'nbWallDoor');
    case 'tall_door_style':
      return count(item.nbTallDoor, 'nbTallDoor');
    case 'drawer_style':
      return count(item.nbDrawer, 'nbDrawer');
    default:
      return 1;
  }
}

/**
 * A premium's part of one unit: a percentage is a share of the item's price (once, whatever the
 * multiplier, DOMAIN "Item pricing"), rounded half away from zero on its own so the parts add up
 * to the unit exactly; a fixed price is price x multiplier.
 */
function partOf(kind: PricingPremiumKind, premium: PremiumPrice, itemPrice: number, multiplier: number): PricePart {
  if (premium.price !== null && premium.percentage !== null) {
    throw new RangeError(`premium ${premium.id} has both a price and a percentage`);
  }
  let amount = 0;
  if (premium.percentage !== null) amount = percentOf(cents(itemPrice), premium.percentage);
  else if (premium.price !== null) amount = premium.price * multiplier;
  // A finished side's percentage counts per side chosen, as its price does.
  if (kind === 'finished_side' && premium.percentage !== null) amount *= multiplier;
  return Object.freeze({
    kind,
    premium_id: premium.id,
    price: premium.price,
    percentage: premium.percentage,
    multiplier,
    amount: cents(amount),
  });
}

/** The frozen breakdown of one line (DOMAIN "Item pricing"). Pure: no clock, no I/O. */
export function priceItem(item: PricingItem, premiums: GroupPremiums): LineBreakdown {
  const qty = count(item.qty, 'qty');
  const base = cents(item.price);
  const parts: PricePart[] = [];
  let finishedSide: PricePart | null = null;
  // Attachments: their own price x qty, no premiums.
  if (!item.isAttachment) {
    // A fixed order, so the browser's and the server's breakdowns list parts alike.
    for (const kind of GROUP_PREMIUM_KINDS) {
      const premium = premiums[kind];
      if (!premium) continue;
      const multiplier = multiplierOf(kind, item);
      if (multiplier > 0) parts.push(partOf(kind, premium, base, multiplier));
    }
    if (item.finishedSide) {
      const sides = item.finishedSides === undefined ? 1 : count(item.finishedSides, 'finishedSides');
      if (sides > 0) finishedSide = partOf('finished_side', item.finishedSide, base, sides);
    }
  }
  let unit = base as number;
  for (const p of parts) unit += p.amount;
  if (finishedSide) unit += finishedSide.amount;
  const unitPrice = cents(unit);
  return Object.freeze({
    base_price: base,
    premiums: Object.freeze(parts),
    finished_side: finishedSide,
    unit_price: unitPrice,
    qty,
    // A credit unit x 0 is -0 in JavaScript; a price is never negative zero.
    total_price: cents(qty === 0 ? 0 : unitPrice * qty),
  });
}
