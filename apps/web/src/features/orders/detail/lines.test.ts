import { describe, expect, it } from 'vitest';
import { attachmentsUnderCabinets } from './lines.ts';

const line = (_id: string, parentId: string | null = null) => ({ _id, is_attachment: parentId !== null, parentId });

describe('attachmentsUnderCabinets', () => {
  it('puts each attachment right under its cabinet, in their order', () => {
    const a = line('a');
    const b = line('b');
    const x = line('x', 'b');
    const y = line('y', 'a');
    const z = line('z', 'b');
    expect(attachmentsUnderCabinets([a, b, x, y, z]).map((r) => [r.item._id, r.parent?._id ?? null])).toEqual([
      ['a', null],
      ['y', 'a'],
      ['b', null],
      ['x', 'b'],
      ['z', 'b'],
    ]);
  });

  it('keeps an attachment whose cabinet is missing where it is', () => {
    const orphan = line('o', 'gone');
    expect(attachmentsUnderCabinets([line('a'), orphan]).map((r) => r.item._id)).toEqual(['a', 'o']);
  });
});
