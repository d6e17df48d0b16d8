import { ORDER_IMPORT_AUDIT_ACTION } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './timeline.ts';

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
