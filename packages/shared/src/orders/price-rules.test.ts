import { describe, expect, it } from 'vitest';
import { canChangePrice } from './price-rules.ts';

const order = (status: any, can_be_updated = false) => ({ status, can_be_updated });

describe('canChangePrice', () => {
  it('lets the admin reprice before production, VERIFIED included', () => {
    for (const s of ['BID', 'ORDERED', 'VERIFIED']) {
      expect(canChangePrice('recalculate', order(s), 'ADMIN')).toBe(true);
      expect(canChangePrice('custom_discount', order(s), 'ADMIN')).toBe(true);
      expect(canChangePrice('discount_code', order(s), 'ADMIN')).toBe(true);
    }
    for (const s of ['IN_PROGRESS', 'COMPLETED', 'SHIPPED', 'CANCELLED']) {
      expect(canChangePrice('recalculate', order(s), 'ADMIN')).toBe(false);
      expect(canChangePrice('discount_code', order(s), 'ADMIN')).toBe(false);
    }
  });

  it('staff recalculate a BID or ORDERED order but not a VERIFIED one, and set no discount', () => {
    expect(canChangePrice('recalculate', order('ORDERED'), 'STAFF')).toBe(true);
    expect(canChangePrice('recalculate', order('VERIFIED'), 'STAFF')).toBe(false);
    expect(canChangePrice('custom_discount', order('ORDERED'), 'STAFF')).toBe(false);
    expect(canChangePrice('discount_code', order('BID', true), 'STAFF')).toBe(false);
  });

  it('a customer enters a code on a bid they may update, never after submit', () => {
    expect(canChangePrice('discount_code', order('BID', true), 'PERSONAL')).toBe(true);
    expect(canChangePrice('discount_code', order('BID', false), 'PERSONAL')).toBe(false);
    expect(canChangePrice('discount_code', order('ORDERED'), 'PERSONAL')).toBe(false);
    expect(canChangePrice('recalculate', order('BID', true), 'PERSONAL')).toBe(false);
  });
});
