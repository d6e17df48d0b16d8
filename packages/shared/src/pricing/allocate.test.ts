import { describe, expect, it } from 'vitest';
import { cents as c } from '../money.ts';
import { allocate } from './allocate.ts';

describe('allocate (largest remainder)', () => {
  it('splits in proportion and gives the cents left to the largest remainders', () => {
    expect(allocate(c(100), [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(c(-100), [1, 1, 1])).toEqual([-33, -33, -34]);
    expect(allocate(c(1000), [100, 200, 700])).toEqual([100, 200, 700]);
  });

  it('breaks ties by key, so the order lines arrive in does not matter', () => {
    expect(allocate(c(1), [5, 5], ['b', 'a'])).toEqual([0, 1]);
    expect(allocate(c(1), [5, 5], ['a', 'b'])).toEqual([1, 0]);
  });

  it('handles credit lines, weights that cancel out, and all-zero weights', () => {
    expect(allocate(c(-300), [400, -100])).toEqual([-400, 100]);
    expect(allocate(c(10), [100, -100])).toEqual([5, 5]);
    expect(allocate(c(5), [0, 0])).toEqual([3, 2]);
  });

  it('stays exact where total x weight passes 2^53', () => {
    const parts = allocate(c(900_000_000_001), [800_000_000_003, 700_000_000_001, 3]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(900_000_000_001);
  });

  it('allocates nothing over no lines and refuses something', () => {
    expect(allocate(c(0), [])).toEqual([]);
    expect(() => allocate(c(1), [])).toThrow(RangeError);
    expect(() => allocate(c(7500), [])).toThrow(RangeError);
  });
});
