import { readFile } from 'node:fs/promises';
import {
  type CatalogImportChange,
  type CatalogImportResult,
  ERROR_CODES,
  HINGES,
  type ImportProblem,
  type LineItemPatch,
  lineItemPatchSchema,
  TRANSFER_TEXT,
} from '@cab/shared';
import type { z } from 'zod';
import type { MultipartContent } from '../../http/multipart.ts';
import type { Ctx } from '../../kit/context.ts';
import { fieldError } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { updateLineItem } from '../catalog/index.ts';
import { flatItems, parseDesign2020 } from './design2020.ts';
import { catalogueOf } from './order-import.ts';

export const CATALOG_FILE_FIELD = 'file';

const isTrue = (v: string | undefined) => v === 'true' || v === 'on' || v === '1';

/** A size as the catalogue stores it (inches, > 0), null when the file leaves it out, 'bad' when unusable. */
function sizeOf(raw: string | null): number | null | 'bad' {
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 && n < 10_000 ? n : 'bad';
}

const SIZE_FIELDS = [
  ['width', 'width', 'VarWidth'],
  ['height', 'height', 'VarHeight'],
  ['depth', 'depth', 'VarDepth'],
] as const;

/**
 * POST /api/catalog/2020/upload/: the line items a 2020 file names (UserCode) take its
 * description, sizes and hinge, through the catalogue's own update (validation, audit, the
 * catalogue's version moved after the write). preview=true answers the same without writing.
 * Unknown codes and unusable values are listed with their line.
 */
export async function upload2020(ctx: Ctx, content: MultipartContent): Promise<CatalogImportResult> {
  const upload = content.files.find((f) => f.field === CATALOG_FILE_FIELD) ?? content.files[0];
  if (!upload) throw fieldError(ERROR_CODES.validation, CATALOG_FILE_FIELD, TRANSFER_TEXT.fileMissing);
  const preview = isTrue(content.fields.preview?.[0]);
  const file = parseDesign2020(await readFile(upload.path), CATALOG_FILE_FIELD);
  const catalogue = await catalogueOf(ctx, file);
  const unknown: ImportProblem[] = [];
  const items: CatalogImportChange[] = [];
  const patches: { id: number; patch: z.output<typeof lineItemPatchSchema> }[] = [];
  // The catalogue as the file leaves it: a code named twice is changed by both, in order.
  const current = new Map([...catalogue].map(([code, row]) => [code, { ...row }]));
  for (const it of flatItems(file)) {
    const problem = (reason: string) => unknown.push({ line: it.line, user_code: it.userCode, reason });
    if (!it.userCode) {
      problem(TRANSFER_TEXT.missingCode);
      continue;
    }
    const row = current.get(it.userCode);
    if (!row) {
      problem(TRANSFER_TEXT.unknownCode);
      continue;
    }
    const patch: LineItemPatch = {};
    const changes: CatalogImportChange['changes'] = {};
    let bad: string | null = null;
    for (const [key, column, tag] of SIZE_FIELDS) {
      const value = sizeOf(it[key]);
      if (value === 'bad') bad = TRANSFER_TEXT.badSize(tag);
      else if (value !== null && value !== row[column]) {
        changes[key] = { before: row[column], after: value };
        patch[key] = value;
      }
    }
    if (it.hinge !== null) {
      const hinge = HINGES.find((h) => h.toLowerCase() === it.hinge?.toLowerCase());
      if (!hinge) bad = TRANSFER_TEXT.badHinge;
      else if (hinge !== row.hinge) {
        changes.hinge = { before: row.hinge, after: hinge };
        patch.hinge = hinge;
      }
    }
    if (it.description !== null && it.description !== row.description) {
      changes.description = { before: row.description, after: it.description };
      patch.description = it.description;
    }
    const checked = lineItemPatchSchema.safeParse(patch);
    if (!bad && !checked.success)
      bad = `${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`;
    if (bad) {
      problem(bad);
      continue;
    }
    Object.assign(row, patch);
    items.push({ line: it.line, user_code: it.userCode, id: row.id, changes });
    if (Object.keys(patch).length > 0 && checked.success) patches.push({ id: row.id, patch: checked.data });
  }
  if (!preview && patches.length > 0) {
    // All or nothing: a file half applied is harder to reason about than one refused.
    await transaction(ctx, async (tx) => {
      for (const { id, patch } of patches) await updateLineItem(tx, 'items', id, patch);
    });
  }
  return { preview, imported: items.length, failed: unknown.length, unknown, items };
}
