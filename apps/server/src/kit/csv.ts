import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer (issue 28): csv-stringify, the sibling of the csv-parse the imports read
 * with. Every export and report writes here: a header of `columns`, one record per row, CRLF
 * after each, formulas neutralised. The catalogue's parseCsv reads a cell back with `readCsvCell`.
 */

/**
 * A spreadsheet runs a cell beginning with = + - @ (or tab / CR) as a formula (CSV injection).
 * Such a cell is written with a leading single quote, which spreadsheets show as text; plain
 * numbers ("-1.50") are left alone. `readCsvCell` drops that quote again, so an export imports back.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const QUOTED_FORMULA = /^'[=+\-@\t\r]/;
const asText = (text: string) => (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);

/** A cell as an import reads it: the formula quote dropped, edges trimmed. */
export const readCsvCell = (raw: string) => (QUOTED_FORMULA.test(raw) ? raw.slice(1) : raw).trim();

/**
 * `rows` as CSV under the header `columns` (each row read by column name; null and undefined are
 * empty). A cell is quoted when it holds a comma, a quote or a line break, or starts or ends with
 * a space (which a spreadsheet would otherwise trim).
 */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  // Records as arrays: csv-stringify would read an object's keys as paths (`a.b`).
  return stringify(
    rows.map((r) => columns.map((c) => r[c])),
    {
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      // Any CR or LF inside a cell is quoted (given a record delimiter, csv-stringify would quote CRLF only).
      quote_record_delimiter: true,
      quoted_match: [/^\s/, /\s$/],
      cast: {
        string: asText,
        number: (n) => asText(String(n)),
        bigint: (n) => asText(String(n)),
        boolean: String,
        date: (d) => asText(String(d)),
        object: (o) => asText(String(o)),
      },
    },
  );
}
