#!/usr/bin/env node
/**
 * Cold start of the server on the embedded database, from TypeScript through tsx (`npm run
 * serve`) and from the compiled bundle (`npm start`, apps/server/dist): first start on an empty
 * data folder (migrations + demo seed) and a restart on the same folder, to the ready line.
 * Runs are interleaved; median of RUNS each.
 * Usage: node bench/cold-start.mjs [runs]
 */
import { execFileSync } from 'node:child_process';
import { median, ROOT, startServer } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
execFileSync('node', ['apps/server/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
const modes = {
  'tsx (npm run serve)': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'compiled (npm start)': ['--enable-source-maps', 'apps/server/dist/main.js'],
};
const results = Object.fromEntries(Object.keys(modes).map((m) => [m, { first: [], again: [] }]));
for (let i = 0; i < runs; i++) {
  for (const [mode, args] of Object.entries(modes)) {
    const a = await startServer({ port: 3901, args });
    results[mode].first.push(a.ms);
    await a.stop();
    const b = await startServer({ port: 3901, dataDir: a.dataDir, args });
    results[mode].again.push(b.ms);
    await b.stop();
  }
}
for (const [mode, { first, again }] of Object.entries(results)) {
  console.log(`${mode}:`);
  console.log(`  first start (empty data folder, migrate + seed): median ${median(first)} ms  [${first.join(', ')}]`);
  console.log(`  restart (existing data):                         median ${median(again)} ms  [${again.join(', ')}]`);
}
