/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money is integer cents and wire strings (docs/decisions/0004-money-on-the-wire.md): no float
 * on any money path. This scans the web app and the shared package for the ways a float sneaks in.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCANNED = ['apps/web/src', 'packages/shared/src'];

/** Names that carry an amount or a rate. */
const MONEY = String.raw`\w*(?:price|amount|total|percent|percentage|money|cents|cost|subtotal|discount|balance|payment|wire)\w*`;

interface Rule {
  name: string;
  pattern: RegExp;
  /** Files (relative to the repository) where the rule does not apply, with the reason. */
  allow?: Record<string, string>;
}

const RULES: Rule[] = [
  { name: 'parseFloat', pattern: /\bparseFloat\s*\(|\bNumber\.parseFloat\s*\(/ },
  { name: 'toFixed', pattern: /\.toFixed\s*\(/ },
  { name: 'currency formatter', pattern: /style\s*:\s*['"]currency['"]/ },
  {
    name: 'Number()/parseInt() of money',
    pattern: new RegExp(String.raw`\b(?:Number|parseInt|Number\.parseInt)\s*\([^)]*\b${MONEY}`, 'i'),
  },
  { name: 'unary + on money', pattern: new RegExp(String.raw`(?:^|[=(,:?]\s*)\+\s*(?:[\w$]+\.)*${MONEY}\b`, 'i') },
  {
    name: 'division of money by 100',
    pattern: new RegExp(String.raw`\b${MONEY}\s*\)?\s*/\s*100\b`, 'i'),
    allow: { 'packages/shared/src/money.ts': 'the integer formatter itself (Math.trunc of cents / 100)' },
  },
  {
    name: 'money times 100',
    pattern: new RegExp(String.raw`\b${MONEY}\s*\)?\s*\*\s*100\b`, 'i'),
    allow: { 'packages/shared/src/money.ts': 'integer parsing of whole units into cents' },
  },
];

export interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** Comments out of the way (keeping line numbers), so a comment about parseFloat is not a finding. */
function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every line of `source` that parses or computes money as a float. */
export function findFloatMoney(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  const lines = stripComments(source).split('\n');
  lines.forEach((text, index) => {
    for (const rule of RULES) {
      if (rule.allow?.[file]) continue;
      if (rule.pattern.test(text)) findings.push({ file, line: index + 1, rule: rule.name, text: text.trim() });
    }
  });
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no float on money paths', () => {
  it('flags float parsing and arithmetic of money (the scanner itself)', () => {
    const bad = [
      'const price = parseFloat(item.price);',
      "const text = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);",
      'const total = Number(order.total);',
      'const shown = (priceCents / 100).toFixed(2);',
      'const rate = +form.percentage;',
      'const c = Math.round(amount * 100);',
    ].join('\n');
    const rules = findFloatMoney('apps/web/src/planted.ts', bad).map((f) => `${f.line}:${f.rule}`);
    expect(rules).toEqual([
      '1:parseFloat',
      '2:currency formatter',
      '3:Number()/parseInt() of money',
      '4:toFixed',
      '4:division of money by 100',
      '5:unary + on money',
      '6:money times 100',
    ]);
  });

  it('leaves integer and string money code, ids and comments alone', () => {
    const good = [
      '// parseFloat would lose cents, so parseMoney is used',
      'const id = Number(useParams().id);',
      'const amount = parseMoney(wire);',
      'const shown = formatWireMoney(item.price);',
      'const percent = Math.round((100 * event.loaded) / event.total);',
    ].join('\n');
    expect(findFloatMoney('apps/web/src/planted.ts', good)).toEqual([]);
  });

  it('finds none in the web app and the shared package', () => {
    const findings = SCANNED.flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).map((path) => {
        const file = relative(ROOT, path).split('\\').join('/');
        return findFloatMoney(file, readFileSync(path, 'utf8'));
      }),
    ).flat();
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`)).toEqual([]);
  });
});
