#!/usr/bin/env node
/**
 * Cold start on the embedded database: `npm start` itself (build checks, preflight, server), and
 * the server alone from TypeScript through tsx (`npm run serve`) and from the compiled bundle
 * (apps/server/dist): first start on an empty data folder (migrations + demo seed) and a restart
 * on the same folder, to the ready line. Runs are interleaved; best and median of RUNS each.
 * The builds are brought up to date first, so `npm start` is timed as a newcomer's second
 * `npm start` on a fresh data folder (and every later one), not the first build of a clone.
 * Usage: node bench/cold-start.mjs [runs] [npm|tsx|compiled ...]
 */
import { execFileSync } from 'node:child_process';
import { median, ROOT, startServer } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
const only = process.argv.slice(3);
execFileSync('node', ['apps/server/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
execFileSync('node', ['apps/web/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
const modes = {
  'npm start': { key: 'npm', command: 'npm', args: ['start'] },
  'tsx (npm run serve)': { key: 'tsx', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
  'compiled server alone': { key: 'compiled', args: ['--enable-source-maps', 'apps/server/dist/main.js'] },
};
for (const [name, mode] of Object.entries(modes)) if (only.length && !only.includes(mode.key)) delete modes[name];
// Stopping is not measured: no drain before the next start.
const env = { SHUTDOWN_DRAIN_MS: '0' };
const results = Object.fromEntries(Object.keys(modes).map((m) => [m, { first: [], again: [] }]));
for (let i = 0; i < runs; i++) {
  for (const [name, { command, args }] of Object.entries(modes)) {
    const a = await startServer({ port: 3901, command, args, env });
    results[name].first.push(a);
    await a.stop();
    const b = await startServer({ port: 3901, dataDir: a.dataDir, command, args, env });
    results[name].again.push(b);
    await b.stop();
  }
}
const figures = (starts) => {
  const ms = starts.map((s) => s.ms);
  const cpu = starts.map((s) => s.cpu).filter((c) => c !== undefined);
  const wall = `best ${Math.min(...ms)} ms, median ${median(ms)} ms  [${ms.join(', ')}]`;
  // npm start's processes together (npm, the build checks, the server): CPU time to the ready line.
  return cpu.length ? `${wall}; CPU best ${Math.min(...cpu)} ms  [${cpu.join(', ')}]` : wall;
};
for (const [name, { first, again }] of Object.entries(results)) {
  console.log(`${name}:`);
  console.log(`  first start (empty data folder, migrate + seed): ${figures(first)}`);
  console.log(`  restart (existing data):                         ${figures(again)}`);
}
