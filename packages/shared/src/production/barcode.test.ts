import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cabinetBarcode, parseCabinetBarcode } from './barcode.ts';

describe('cabinet barcodes', () => {
  it('pads the line number to two digits', () => {
    expect(cabinetBarcode(1042, 7, 2)).toBe('1042-07-2');
    expect(cabinetBarcode(5, 123, 10)).toBe('5-123-10');
  });

  it('reads back what it writes, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 500 }),
        (o, l, u) => {
          expect(parseCabinetBarcode(cabinetBarcode(o, l, u))).toEqual({ orderId: o, lineNo: l, unitNo: u });
        },
      ),
    );
    expect(parseCabinetBarcode(' 1042-07-2 ')).toEqual({ orderId: 1042, lineNo: 7, unitNo: 2 });
    for (const bad of ['1042-7-2', '1042-007-2', '1042-07', 'abc', '', '0-01-1', '1042-00-1', '1042-07-0', '1-01-01']) {
      expect(parseCabinetBarcode(bad), bad).toBeNull();
    }
  });
});
