import { describe, expect, it } from 'vitest';
import { queryKey } from './service.ts';

describe('queryKey', () => {
  it('is the same for the same values in another order, and differs for other values', () => {
    expect(queryKey({ page: 2, code: 'B' })).toBe(queryKey({ code: 'B', page: 2 }));
    expect(queryKey({ page: 2, code: 'B' })).not.toBe(queryKey({ page: 2, code: 'b' }));
    expect(queryKey({ categories: [1, 2] })).not.toBe(queryKey({ categories: [12] }));
  });
});
