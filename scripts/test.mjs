#!/usr/bin/env node
/**
 * `npm test`: every ring, stopping at nothing so one run shows every failure.
 *  1. unit tests (Vitest)
 *  2. API tests on embedded PGlite (Vitest)
 *  3. the same API tests on PostgreSQL, when TEST_DATABASE_URL is set, side by side with 2: the
 *     PostgreSQL ring waits on the database more than it computes, so the two share the cores
 *     (each ring's output is printed whole when it ends, not interleaved)
 *  4. browser tests in Debian's Chromium (Playwright; builds the web app first), alone: a browser
 *     test waits for what a person waits for, and a loaded machine only makes that wait longer
 * Ends with one line "N passed, N failed" and a non-zero exit code if anything failed.
 */
import { spawn } from 'node:child_process';
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
    together: 'api',
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'api (PostgreSQL)',
          cmd: ['npx', 'vitest', 'run', '--project', 'api'],
          kind: 'vitest',
          together: 'api',
          // Its server-process tests take ports apart from the PGlite ring's (apps/server/test/ops-process.ts),
          // and its temporary files (uploads, data folders) a folder of its own: tests that count
          // what is left in the temp folder must not see the other ring's.
          env: { OPS_TEST_PORT: '3956', TMPDIR: mkdtempSync(path.join(tmpdir(), 'cab-pg-ring-')) },
        },
      ]
    : []),
  { name: 'e2e (Chromium)', cmd: ['npm', 'run', 'test:e2e', '--'], kind: 'playwright' },
].filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o)));

let passed = 0;
let failed = 0;
let broken = false;
const summary = [];
// Steps that name the same `together` run side by side; the others one after another, in order.
const batches = [];
for (const [i, step] of steps.entries()) {
  const last = batches.at(-1);
  if (step.together && last?.[0].step.together === step.together) last.push({ i, step });
  else batches.push([{ i, step }]);
}
for (const batch of batches) {
  const results = await Promise.all(batch.map(({ i, step }) => runStep(i, step, batch.length > 1)));
  for (const { step, status, counts, seconds } of results) {
    passed += counts.passed;
    failed += counts.failed;
    if (status !== 0 && counts.failed === 0) broken = true;
    summary.push(
      `${step.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds} s)${status !== 0 ? ` [exit ${status}]` : ''}`,
    );
  }
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);

/** Runs one ring; beside another, its output is kept and printed whole when it ends. */
function runStep(i, step, beside) {
  const report = path.join(out, `report-${i}.json`);
  const args =
    step.kind === 'vitest'
      ? [...step.cmd, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : // The failure-context reporter prints a failed test's page snapshot into the log.
        [...step.cmd, `--reporter=list,json,${path.resolve('e2e/failure-context-reporter.ts')}`];
  console.log(
    `\n=== ${step.name}${beside ? ' (started beside another ring; its output follows when it ends)' : ''} ===`,
  );
  const started = Date.now();
  const child = spawn(args[0], args.slice(1), {
    stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...step.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (beside) console.log(`\n=== ${step.name}: output ===\n${Buffer.concat(output).toString()}`);
      resolve({
        step,
        status: code ?? 1,
        counts: readCounts(step.kind, report),
        seconds: Math.round((Date.now() - started) / 1000),
      });
    });
  });
}

function readCounts(kind, file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'vitest') return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 };
  const stats = json.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}
