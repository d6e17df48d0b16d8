/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatPeriod, formatTime, formatWeekday } from './format.ts';

/**
 * One date format across the app (issue 29): every date the web app shows goes through
 * lib/format.ts. This scans apps/web/src for the other ways a date gets shown: a formatter of its
 * own, a date library, or a wire date (YYYY-MM-DD, an ISO timestamp) put on the screen as it came.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const HOME = 'apps/web/src/lib/format.ts';

/** A wire date's field: `due_date`, `issued_at`, `date`, a chart's `period_start`. */
const FIELD = String.raw`[\w$]+\.(?:\w+_date|\w+_at|date|period_start)\b`;

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'own date formatter', pattern: /\bIntl\.DateTimeFormat\b|\.toLocale(?:Date|Time)?String\s*\(/ },
  { name: 'date library', pattern: /from\s+['"](?:dayjs|date-fns|moment|luxon)(?:\/[^'"]*)?['"]/ },
  { name: 'raw date in a column', pattern: new RegExp(String.raw`render:\s*\(\w+\)\s*=>\s*${FIELD}`) },
  { name: 'raw date in JSX', pattern: new RegExp(String.raw`(?<!\$)\{\s*${FIELD}\s*\}`) },
  { name: 'raw date in a template', pattern: new RegExp(String.raw`\$\{\s*${FIELD}\s*\}`) },
  {
    name: 'raw date on a chart axis',
    pattern: new RegExp(String.raw`data:\s*[\w$.]+\.map\(\s*\(\w+\)\s*=>\s*${FIELD}`),
  },
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** Comments out of the way (keeping line numbers). */
function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** A React key or a test id is never on the screen: its date may stay raw. */
const UNSHOWN = /\b(?:key|data-testid)=\{(?:`[^`]*`|[^{}]*)\}/g;

export function findStrayDates(file: string, source: string): Finding[] {
  if (file === HOME) return [];
  return stripComments(source)
    .split('\n')
    .flatMap((text, index) =>
      RULES.filter((rule) => rule.pattern.test(text.replace(UNSHOWN, ''))).map((rule) => ({
        file,
        line: index + 1,
        rule: rule.name,
        text: text.trim(),
      })),
    );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one date format', () => {
  it('formats a day, a moment, a weekday, a time and a chart period in the one style', () => {
    expect(formatDay('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDay('2025-03-04T23:30:00Z')).toBe('Mar 4, 2025');
    expect(formatDay(null)).toBe('');
    expect(formatWeekday('2025-03-04')).toBe('Tue, Mar 4');
    expect(formatPeriod('2025-03-03', 'week')).toBe('Mar 3, 2025');
    expect(formatPeriod('2025-03-01', 'month')).toBe('Mar 2025');
    const at = new Date(2025, 2, 4, 17, 5, 9);
    expect(formatDateTime(at)).toBe('Mar 4, 2025, 5:05 PM');
    expect(formatTime(at)).toBe('5:05 PM');
    expect(formatTime(at, { seconds: true })).toBe('5:05:09 PM');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('flags the other ways of showing a date (the scanner itself)', () => {
    const bad = [
      "const d = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });",
      'const s = new Date(x).toLocaleDateString();',
      "import dayjs from 'dayjs';",
      "  { key: 'due', header: T.due, render: (r) => r.due_date ?? '' },",
      '<span>{invoice.issued_at}</span>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template in it, planted
      'const text = `Due ${m.due_date}`;',
      'xAxis={[{ data: points.map((p) => p.period_start) }]}',
    ].join('\n');
    expect(findStrayDates('apps/web/src/planted.tsx', bad).map((f) => `${f.line}:${f.rule}`)).toEqual([
      '1:own date formatter',
      '2:own date formatter',
      '3:date library',
      '4:raw date in a column',
      '5:raw date in JSX',
      '6:raw date in a template',
      '7:raw date on a chart axis',
    ]);
  });

  it('leaves formatted dates, wire values sent on and comments alone', () => {
    const good = [
      '// new Intl.DateTimeFormat would be a second style',
      "  { key: 'due', header: T.due, render: (r) => formatDay(r.due_date) },",
      'const query = { date_after: range.date_after };',
      'const closed = new Set(holidays.map((h) => h.date));',
      'value={list.filters.date_after}',
      '<span>{formatDateTime(invoice.issued_at)}</span>',
      '<Card key={d.date} data-testid={`deposit-${d.date}`}>',
    ].join('\n');
    expect(findStrayDates('apps/web/src/planted.tsx', good)).toEqual([]);
  });

  it('finds none in the web app', () => {
    const findings = sourceFiles(join(ROOT, 'apps/web/src')).flatMap((path) =>
      findStrayDates(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')),
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`)).toEqual([]);
  });
});
