import { describe, expect, it } from 'vitest';
import { labelBarcode, parseLabelBarcode } from './barcode.ts';

describe('cabinet barcodes', () => {
  it('is {order id}-{line_no, 2 digits}-{unit}', () => {
    expect(labelBarcode(1042, 7, 2)).toBe('1042-07-2');
    expect(labelBarcode(5, 123, 10)).toBe('5-123-10');
  });

  it('reads back what it writes, and nothing else', () => {
    expect(parseLabelBarcode('1042-07-2')).toEqual({ orderId: 1042, lineNo: 7, unitNo: 2 });
    expect(parseLabelBarcode(' 1042-07-2 ')).toEqual({ orderId: 1042, lineNo: 7, unitNo: 2 });
    for (const bad of ['1042-7-2', '1042-07', 'x-07-1', '0-01-1', '1042-00-1', '1042-07-0', '']) {
      expect(parseLabelBarcode(bad), bad).toBeNull();
    }
  });
});
