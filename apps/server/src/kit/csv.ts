/**
 * The one CSV writer (issue 28), read back by the csv-parse the imports use. Every export and
 * report writes here: a header of `columns`, one record per row, CRLF
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

/** A cell needs quotes when it holds a comma, a quote or a line break, or starts or ends with a space. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell as written: null and undefined empty, booleans as words, anything else as text with formulas neutralised. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'boolean' ? String(value) : asText(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * `rows` as CSV under the header `columns` (each row read by column name; null and undefined are
 * empty), CRLF after every record. Written in one pass by hand: csv-stringify's per-cell option
 * handling made a month's journal (15,000 lines) take 200 ms to 1 s (issue 34's bench).
 */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const parts: string[] = [columns.map(cell).join(',')];
  for (const row of rows) {
    let line = cell(row[columns[0]!]);
    for (let i = 1; i < columns.length; i++) line += `,${cell(row[columns[i]!])}`;
    parts.push(line);
  }
  parts.push('');
  return parts.join('\r\n');
}
