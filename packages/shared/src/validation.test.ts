import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';
import { intField, moneyField, requiredString, textField, unstorableText } from './validation.ts';

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

describe('text PostgreSQL cannot store', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('a lone surrogate, high or low, anywhere, is not Unicode text; a pair (an emoji) is', () => {
    for (const bad of ['\ud800', 'a\ud800b', 'end \ud83d', '\udc00 start', '\ude00\ud83d']) {
      expect(unstorableText(bad), JSON.stringify(bad)).toBe(MSG.textNotUnicode);
      expect(first(textField(100), bad)).toBe(MSG.textNotUnicode);
      expect(first(requiredString(100), bad)).toBe(MSG.textNotUnicode);
    }
    expect(unstorableText('fine \ud83d\ude00 é')).toBeNull();
    expect(textField(100).parse(' fine \ud83d\ude00 ')).toBe('fine \ud83d\ude00');
  });

  it('a NUL character says so', () => {
    expect(unstorableText('a\u0000b')).toBe(MSG.textHasNul);
    expect(first(requiredString(100), 'a\u0000b')).toBe(MSG.textHasNul);
  });

  it('the other checks still speak first where they apply', () => {
    expect(first(requiredString(100), '  ')).toBe(MSG.required);
    expect(first(textField(3), 'abcd')).toBe(MSG.textTooLong(3));
  });
});

describe('numbers and amounts say what is wrong with them (SPEC 5)', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('a blank field is Required, not a type message', () => {
    expect(first(moneyField(), '')).toBe(MSG.required);
    expect(first(moneyField(), '  ')).toBe(MSG.required);
    expect(moneyField().safeParse('').error?.issues).toHaveLength(1);
    expect(first(intField({ min: 0 }), '')).toBe(MSG.required);
  });

  it('a negative count says its bound; a fraction that it must be whole; bad text that it is no decimal', () => {
    expect(first(intField({ min: 0, max: 10 }), '-3')).toBe(MSG.mustBeNonNegative);
    expect(first(intField({ min: 1 }), '0')).toBe(MSG.numberTooSmall(1));
    expect(first(intField({ min: 0 }), '1.5')).toBe(MSG.wholeNumber);
    expect(first(moneyField(), 'abc')).toBe(MSG.decimal);
    expect(moneyField().parse('12.50')).toBe('12.50');
  });
});
