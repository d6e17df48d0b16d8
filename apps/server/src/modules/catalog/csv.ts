import { ERROR_CODES, type ImportResult, MSG } from '@cab/shared';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { readCsvCell } from '../../kit/csv.ts';
import { badRequest } from '../../kit/errors.ts';
import { isUniqueViolation, transaction } from '../../kit/transaction.ts';
import type { TagRef } from './tags/repository.ts';

export interface CsvRow {
  /** Line of the file the record is on (the header is line 1). */
  line: number;
  cells: Record<string, string>;
}

/** Parses a CSV upload: a header of SPEC 3 field names, then one record per row. */
export function parseCsv(bytes: Buffer, known: readonly string[], required: readonly string[]) {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(bytes, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    }) as never;
  } catch (err) {
    throw badRequest('csv_parse_failed', MSG.csvParseFailed, { file: [(err as Error).message] });
  }
  if (records.length === 0) throw badRequest('csv_parse_failed', MSG.csvEmpty, { file: [MSG.csvEmpty] });
  const columns = records[0]!.record.map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((c) => c !== '' && !known.includes(c));
  if (unknown.length) {
    throw badRequest('csv_parse_failed', MSG.csvUnknownColumns(unknown.join(', ')), {
      file: [MSG.csvUnknownColumns(unknown.join(', '))],
    });
  }
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length) {
    throw badRequest('csv_parse_failed', MSG.csvMissingColumns(missing.join(', ')), {
      file: [MSG.csvMissingColumns(missing.join(', '))],
    });
  }
  const rows: CsvRow[] = [];
  for (const { record, info } of records.slice(1)) {
    // info.lines is the line a record ends on: its own line unless a quoted cell spans lines.
    const line = info.lines;
    if (record.every((c) => c.trim() === '')) continue;
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c) cells[c] = readCsvCell(record[i] ?? '');
    });
    rows.push({ line, cells });
  }
  return { columns: columns.filter(Boolean), rows };
}

/** zod issues -> "field: message; other: message" for an import error line. */
export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ');
}
export const fieldsText = (fields: Record<string, string[]>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('; ');

export const parseBool = (cell: string | undefined) => {
  const v = (cell ?? '').trim().toLowerCase();
  return v === 'true' || v === 'yes' || v === 'y' || v === '1';
};
export const splitList = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export class RowError extends Error {}

/** PostgreSQL text cannot hold a NUL: the row says which cell has one, as an API field would. */
function refuseNulCells(row: CsvRow) {
  const columns = Object.keys(row.cells).filter((c) => row.cells[c]!.includes('\u0000'));
  if (columns.length) throw new RowError(columns.map((c) => `${c}: ${MSG.textHasNul}`).join('; '));
}

/**
 * Lets timers and I/O run. A query on PGlite resolves through microtasks only, so without this
 * an import's chain of batches starved every other request until the whole file was in.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows checked between two yields (zod checks of 50,000 rows take seconds of CPU). */
const PREPARE_SLICE = 500;

/**
 * Runs an import so that a bad row never undoes a good one (DOMAIN.md "Imports and exports"):
 * rows are checked first; valid rows are applied in chunks, each in one transaction; a chunk that
 * fails is replayed row by row, each row in its own transaction, so only the bad rows fail.
 */
export async function runImport<T>(
  ctx: Ctx,
  rows: CsvRow[],
  prepare: (row: CsvRow) => T,
  apply: (tx: Ctx, batch: { row: CsvRow; value: T }[]) => Promise<void>,
  chunkSize = 500,
): Promise<ImportResult> {
  const errors: ImportResult['errors'] = [];
  const ready: { row: CsvRow; value: T }[] = [];
  for (const [n, row] of rows.entries()) {
    if (n > 0 && n % PREPARE_SLICE === 0) await yieldToOthers();
    try {
      refuseNulCells(row);
      ready.push({ row, value: prepare(row) });
    } catch (err) {
      if (err instanceof RowError) errors.push({ line: row.line, message: err.message });
      else throw err;
    }
  }
  let imported = 0;
  for (let i = 0; i < ready.length; i += chunkSize) {
    // Between batches the requests that came in meanwhile go first (the database serves in turn).
    await yieldToOthers();
    const chunk = ready.slice(i, i + chunkSize);
    try {
      await transaction(ctx, (tx) => apply(tx, chunk));
      imported += chunk.length;
    } catch {
      for (const one of chunk) {
        try {
          await yieldToOthers();
          await transaction(ctx, (tx) => apply(tx, [one]));
          imported += 1;
        } catch (err) {
          errors.push({ line: one.row.line, message: dbErrorText(err) });
        }
      }
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { imported, failed: errors.length, errors };
}

function dbErrorText(err: unknown): string {
  if (err instanceof RowError) return err.message;
  if (isUniqueViolation(err)) return MSG.codeTaken;
  const e = err as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? MSG.internalError;
}

export const csvFileMissing = () =>
  badRequest(ERROR_CODES.validation, MSG.csvFileMissing, { file: [MSG.csvFileMissing] });

/** "new; lead:2w" -> [{ name: 'new' }, { name: 'lead', value: '2w' }] (the tags cell). */
export function parseTagCell(cell: string): TagRef[] {
  return cell
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const at = t.indexOf(':');
      return at < 0 ? { name: t } : { name: t.slice(0, at).trim(), value: t.slice(at + 1).trim() || null };
    });
}
/** Tags back to their cell: "new; lead: 2w" as each tag displays. */
export const tagCell = (list: { display: string }[]) => list.map((t) => t.display).join('; ');
