import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';
import './validation.ts';

describe('a bare zod bound speaks the product’s words', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('a too long text, a too long list and a too large number say their bound', () => {
    expect(first(z.string().max(5), 'abcdef')).toBe(MSG.textTooLong(5));
    expect(first(z.array(z.number()).max(2), [1, 2, 3])).toBe(MSG.tooManyItems(2));
    expect(first(z.number().max(10), 11)).toBe(MSG.numberTooLarge(10));
  });

  it('a message the schema gives still wins', () => {
    expect(first(z.string().max(5, 'Own words'), 'abcdef')).toBe('Own words');
  });
});
