import { ORDER_IMPORT_AUDIT_ACTION } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent, droppedImportLines } from './timeline.ts';

describe('droppedImportLines: the order says what its import left out (issue 35)', () => {
  it("answers the newest import's dropped lines, or null when none was dropped", () => {
    const imported = (failed: number) => ({
      action: ORDER_IMPORT_AUDIT_ACTION,
      after: {
        file: 'design-2020.xml',
        imported: 4,
        failed,
        dropped: failed ? [{ line: 31, code: 'XYZ', room: 'Kitchen', reason: 'Unknown code' }] : [],
      },
    });
    expect(droppedImportLines([{ action: 'update', after: {} }, imported(1)])).toEqual([
      'design-2020.xml: 4 items imported, 1 not imported',
      'Line 31 XYZ (Kitchen): Unknown code',
    ]);
    expect(droppedImportLines([imported(0)])).toBeNull();
    expect(droppedImportLines([{ action: 'update', after: {} }])).toBeNull();
  });
});

describe('describeEvent: a 2020 import (issue 29)', () => {
  it('names the file and counts, then each dropped line with its code, room and reason', () => {
    const words = describeEvent({
      action: ORDER_IMPORT_AUDIT_ACTION,
      actor: { full_name: 'Paula Price' },
      before: null,
      after: {
        file: 'design-2020.xml',
        project: 'Smith residence',
        imported: 4,
        failed: 2,
        dropped: [
          { line: 31, code: 'XYZ-NOT-IN-CATALOGUE', room: 'Kitchen', reason: 'Unknown code: not in the catalogue' },
          { line: 40, code: '', room: 'Pantry', reason: 'The item has no UserCode' },
        ],
      },
    });
    expect(words).toEqual({
      title: 'Imported from a 2020 design by Paula Price',
      lines: [
        'design-2020.xml: 4 items imported, 2 not imported',
        'Line 31 XYZ-NOT-IN-CATALOGUE (Kitchen): Unknown code: not in the catalogue',
        'Line 40 (Pantry): The item has no UserCode',
      ],
    });
  });
});
