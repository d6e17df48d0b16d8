#!/usr/bin/env node
/**
 * `npm test`: every ring, in order, stopping at nothing so one run shows every failure.
 *  1. unit tests (Vitest)
 *  2. API tests on embedded PGlite (Vitest)
 *  3. the same API tests on PostgreSQL, when TEST_DATABASE_URL is set
 *  4. browser tests in Debian's Chromium (Playwright; builds the web app first)
 * Ends with one line "N passed, N failed" and a non-zero exit code if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = mkdtempSync(path.join(tmpdir(), 'cab-test-'));
const only = process.argv.slice(2);
const steps = [
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit'], kind: 'vitest' },
  {
    name: 'api (PGlite)',
    cmd: ['npx', 'vitest', 'run', '--project', 'api'],
    kind: 'vitest',
    env: { TEST_DATABASE_URL: '' },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'api (PostgreSQL)', cmd: ['npx', 'vitest', 'run', '--project', 'api'], kind: 'vitest' }]
    : []),
  { name: 'e2e (Chromium)', cmd: ['npm', 'run', 'test:e2e', '--'], kind: 'playwright' },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
let broken = false;
const summary = [];
for (const [i, step] of steps.entries()) {
  const report = path.join(out, `report-${i}.json`);
  const args =
    step.kind === 'vitest'
      ? [...step.cmd, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : // The failure-context reporter prints a failed test's page snapshot into the log.
        [...step.cmd, `--reporter=list,json,${path.resolve('e2e/failure-context-reporter.ts')}`];
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const res = spawnSync(args[0], args.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const counts = readCounts(step.kind, report);
  passed += counts.passed;
  failed += counts.failed;
  if (res.status !== 0 && counts.failed === 0) broken = true;
  summary.push(
    `${step.name}: ${counts.passed} passed, ${counts.failed} failed (${Math.round((Date.now() - started) / 1000)} s)${res.status !== 0 ? ` [exit ${res.status}]` : ''}`,
  );
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);

function readCounts(kind, file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 };
  const stats = json.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}
