import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readCsvCell, toCsv } from './csv.ts';

describe('the CSV writer', () => {
  it('a header, then a record per row, CRLF after each; empty for null and undefined', () => {
    expect(toCsv(['a', 'b.c', 'd'], [{ a: 1, 'b.c': true, d: null }, { a: 'x' }])).toBe(
      'a,b.c,d\r\n1,true,\r\nx,,\r\n',
    );
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });

  it('quotes a comma, a quote, any line break and edge spaces', () => {
    const cells = ['x,y', 'say "hi"', 'one\ntwo', 'cr\ronly', ' lead', 'trail ', 'in side'];
    const csv = toCsv(
      ['v'],
      cells.map((v) => ({ v })),
    );
    expect(csv).toBe('v\r\n"x,y"\r\n"say ""hi"""\r\n"one\ntwo"\r\n"cr\ronly"\r\n" lead"\r\n"trail "\r\nin side\r\n');
    expect((parse(csv, { columns: true }) as { v: string }[]).map((r) => r.v)).toEqual(cells);
  });

  it('writes a formula as text (a leading quote), leaves plain numbers, and reads it back unchanged', () => {
    const cells = ['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', '-1.50', '-3', 'a=b'];
    const csv = toCsv(
      ['v'],
      cells.map((v) => ({ v })),
    );
    const written = (parse(csv, { columns: true }) as { v: string }[]).map((r) => r.v);
    expect(written).toEqual(["'=1+2", "'+1", "'-2+3", "'@SUM(A1)", "'\tx", '-1.50', '-3', 'a=b']);
    expect(written.map(readCsvCell)).toEqual(cells.map((c) => c.trim()));
    expect(toCsv(['n'], [{ n: -Infinity }])).toBe("n\r\n'-Infinity\r\n");
  });
});
