#!/usr/bin/env node
/**
 * `npm run dup` (and CI, before the tests): counts the duplicated places in the product's sources
 * with jscpd (.jscpd.json: apps/ and packages/ without tests, generated migrations and bench/;
 * runs of 6+ lines) and fails when the count rises above the budget in .jscpd-budget.json
 * (decision 0021). The budget only goes down: when the count falls, lower it in the same change.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const budgetFile = path.join(root, '.jscpd-budget.json');
const budget = JSON.parse(readFileSync(budgetFile, 'utf8')).clones;
const out = mkdtempSync(path.join(tmpdir(), 'jscpd-'));
const bin = createRequire(import.meta.url).resolve('jscpd/run-jscpd.js');

try {
  const run = spawnSync(
    process.execPath,
    [
      bin,
      '--config',
      path.join(root, '.jscpd.json'),
      '--reporters',
      'json',
      '--output',
      out,
      '--silent',
      'apps',
      'packages',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    console.error('jscpd failed');
    process.exit(2);
  }
  const { duplicates } = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
  const place = (f) => `${f.name}:${f.start}-${f.end}`;
  for (const d of duplicates) console.log(`${d.lines} lines  ${place(d.firstFile)} ~ ${place(d.secondFile)}`);
  const count = duplicates.length;
  if (count > budget) {
    console.error(
      `\nDuplication budget exceeded: ${count} clones, the budget (.jscpd-budget.json) is ${budget}.\n` +
        'Remove the copy you added (one shared function or component), rather than raising the budget.',
    );
    process.exit(1);
  }
  console.log(
    count < budget
      ? `\n${count} clones, under the budget of ${budget}: lower .jscpd-budget.json to ${count}.`
      : `\n${count} clones, at the budget of ${budget}.`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
