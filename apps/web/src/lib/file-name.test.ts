import { describe, expect, it } from 'vitest';
import { fileNameOf } from './file-name.ts';

describe('fileNameOf', () => {
  it('prefers the exact UTF-8 name over the ASCII one', () => {
    expect(fileNameOf(`attachment; filename="Cafe_Muller.csv"; filename*=UTF-8''Caf%C3%A9%20M%C3%BCller.csv`)).toBe(
      'Café Müller.csv',
    );
  });
  it('reads the ASCII name when no exact one is given', () => {
    expect(fileNameOf('attachment; filename="orders.csv"')).toBe('orders.csv');
  });
  it('falls back to the ASCII name when the exact one is malformed, and to nothing without a name', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameOf('attachment')).toBeUndefined();
  });
});
