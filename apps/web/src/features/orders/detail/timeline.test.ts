import { describe, expect, it } from 'vitest';
import { fieldChanges } from './timeline.ts';

describe('fieldChanges', () => {
  it('lists the fields whose values differ, old and new', () => {
    expect(
      fieldChanges(
        { status: 'ORDERED', version: 3, in_editing_mode: false },
        { status: 'VERIFIED', version: 4, in_editing_mode: false },
      ),
    ).toEqual([
      { field: 'status', before: 'ORDERED', after: 'VERIFIED' },
      { field: 'version', before: '3', after: '4' },
    ]);
  });

  it('a created or deleted thing shows its fields against nothing', () => {
    expect(fieldChanges(null, { note: 'Check the hinge side' })).toEqual([
      { field: 'note', before: '—', after: 'Check the hinge side' },
    ]);
    expect(fieldChanges({ text: 'x' }, null)).toEqual([{ field: 'text', before: 'x', after: '—' }]);
  });

  it('objects are compared by value and shown as JSON', () => {
    expect(fieldChanges({ totals: { a: 1 } }, { totals: { a: 1 } })).toEqual([]);
    expect(fieldChanges({ totals: { a: 1 } }, { totals: { a: 2 } })).toEqual([
      { field: 'totals', before: '{"a":1}', after: '{"a":2}' },
    ]);
    expect(fieldChanges('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b' }]);
  });
});
