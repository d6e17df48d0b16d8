import { describe, expect, it } from 'vitest';
import { basisPoints as bp, cents as c } from '../money.ts';
import { priceItem } from './item.ts';
import type { PremiumPrice, PricingItem } from './types.ts';

const fixed = (id: string, price: number): PremiumPrice => ({ id, price: c(price), percentage: null });
const pct = (id: string, rate: number): PremiumPrice => ({ id, price: null, percentage: bp(rate) });
const item = (over: Partial<PricingItem>): PricingItem => ({ id: 'i1', price: c(10000), qty: 1, ...over });

describe('priceItem (DOMAIN "Item pricing")', () => {
  it('an item without premiums costs its price; the line is unit x qty', () => {
    const b = priceItem(item({ qty: 3 }), {});
    expect(b).toEqual({
      base_price: 10000,
      premiums: [],
      finished_side: null,
      unit_price: 10000,
      qty: 3,
      total_price: 30000,
    });
  });

  it('adds each premium: percentage of the price, doors and drawers by count, fixed prices, finished sides', () => {
    const b = priceItem(
      item({
        price: c(20000),
        qty: 2,
        nbBaseDoor: 2,
        nbWallDoor: 0,
        nbDrawer: 3,
        finishedSide: fixed('fs', 4000),
        finishedSides: 2,
      }),
      {
        wood_species: pct('ws', 1000), // 10 % of 200.00 = 20.00
        finish_option: fixed('fo', 1500),
        base_door_style: fixed('bd', 2500), // x 2 doors
        wall_door_style: fixed('wd', 999), // no wall doors: not charged
        drawer_style: fixed('dr', 1200), // x 3 drawers
        tall_door_style: null,
      },
    );
    expect(b.premiums.map((p) => [p.kind, p.premium_id, p.multiplier, p.amount])).toEqual([
      ['wood_species', 'ws', 1, 2000],
      ['finish_option', 'fo', 1, 1500],
      ['base_door_style', 'bd', 2, 5000],
      ['drawer_style', 'dr', 3, 3600],
    ]);
    expect(b.finished_side).toMatchObject({ kind: 'finished_side', premium_id: 'fs', multiplier: 2, amount: 8000 });
    expect(b.unit_price).toBe(20000 + 2000 + 1500 + 5000 + 3600 + 8000);
    expect(b.total_price).toBe(40100 * 2);
  });

  it('lists premium parts in one fixed order whatever the key order of the input', () => {
    const a = priceItem(item({ nbDrawer: 1 }), { drawer_style: fixed('d', 1), wood_species: fixed('w', 2) });
    expect(a.premiums.map((p) => p.kind)).toEqual(['wood_species', 'drawer_style']);
  });

  it.each([
    [1999, 2500, 500], // 499.75 -> 500 (Saleor #12040's 19.99 at 25 %)
    [1, 5000, 1], // 0.5 -> 1
    [-1, 5000, -1], // -0.5 -> -1: half away from zero
    [3, 5000, 2], // 1.5 -> 2
    [-3, 5000, -2], // -1.5 -> -2
    [10, 500, 1], // 0.5 -> 1
    [-10, 500, -1],
    [14, 500, 1], // 0.7 -> 1
    [-14, 500, -1],
    [8, 500, 0], // 0.4 -> 0
  ])('a %i cent item at %i bp gets a percentage part of %i cents (half away from zero)', (price, rate, part) => {
    const b = priceItem(item({ price: c(price), qty: 7 }), { wood_species: pct('w', rate) });
    expect(b.premiums[0]?.amount).toBe(part);
    expect(b.unit_price).toBe(price + part);
    expect(b.total_price).toBe((price + part) * 7);
  });

  it('rounds each percentage part on its own, so the parts add up to the unit', () => {
    // 0.5 + 0.5 cents: rounded together 1 cent, each rounded 1 + 1.
    const b = priceItem(item({ price: c(1) }), { wood_species: pct('w', 5000), finish_option: pct('f', 5000) });
    expect(b.premiums.map((p) => p.amount)).toEqual([1, 1]);
    expect(b.unit_price).toBe(3);
  });

  it('prices credits: a negative item price and a negative premium price', () => {
    const b = priceItem(item({ price: c(-5000), qty: 2, nbBaseDoor: 2 }), {
      wood_species: pct('w', 1000),
      base_door_style: fixed('bd', -300),
    });
    expect(b.premiums.map((p) => p.amount)).toEqual([-500, -600]);
    expect(b.unit_price).toBe(-6100);
    expect(b.total_price).toBe(-12200);
  });

  it('prices an attachment at its own price x qty, with no premium and no finished side', () => {
    const b = priceItem(
      item({
        price: c(1234),
        qty: 3,
        isAttachment: true,
        parentId: 'p',
        nbBaseDoor: 2,
        finishedSide: fixed('fs', 100),
      }),
      { wood_species: pct('w', 1000), base_door_style: fixed('bd', 500) },
    );
    expect(b).toEqual({
      base_price: 1234,
      premiums: [],
      finished_side: null,
      unit_price: 1234,
      qty: 3,
      total_price: 3702,
    });
  });

  it('charges a percentage door or drawer style once, and only on items with doors or drawers of its kind', () => {
    const premiums = { base_door_style: pct('bd', 1000), drawer_style: pct('dr', 500) };
    expect(priceItem(item({ nbWallDoor: 2 }), premiums).unit_price).toBe(10000);
    expect(priceItem(item({ nbBaseDoor: 3 }), premiums).unit_price).toBe(11000);
    expect(priceItem(item({ nbBaseDoor: 1, nbDrawer: 4 }), premiums).unit_price).toBe(11500);
  });

  it('charges a finished side per side chosen, a percentage one too; one side by default', () => {
    expect(priceItem(item({ finishedSide: pct('fs', 500), finishedSides: 2 }), {}).unit_price).toBe(11000);
    expect(priceItem(item({ finishedSide: fixed('fs', 700) }), {}).unit_price).toBe(10700);
    expect(priceItem(item({ finishedSide: fixed('fs', 700), finishedSides: 0 }), {}).finished_side).toBeNull();
  });

  it('a quantity of 0 is a zero line; a fractional or negative count is refused', () => {
    expect(priceItem(item({ qty: 0 }), {}).total_price).toBe(0);
    expect(priceItem(item({ price: c(-1), qty: 0 }), {}).total_price).toBe(0); // +0, never -0
    expect(() => priceItem(item({ qty: 1.5 }), {})).toThrow(RangeError);
    expect(() => priceItem(item({ qty: -1 }), {})).toThrow(RangeError);
    expect(() => priceItem(item({ nbDrawer: -1 }), { drawer_style: fixed('d', 1) })).toThrow(RangeError);
  });

  it('refuses a premium with both a price and a percentage (SPEC 4/5)', () => {
    expect(() => priceItem(item({}), { wood_species: { id: 'w', price: c(100), percentage: bp(100) } })).toThrow(
      /both a price and a percentage/,
    );
  });

  it('returns a frozen breakdown', () => {
    const b = priceItem(item({ nbDrawer: 1 }), { drawer_style: fixed('d', 100) });
    expect(Object.isFrozen(b)).toBe(true);
    expect(Object.isFrozen(b.premiums)).toBe(true);
    expect(Object.isFrozen(b.premiums[0])).toBe(true);
  });
});
