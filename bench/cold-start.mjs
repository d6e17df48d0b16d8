#!/usr/bin/env node
/**
 * Cold start of the server on the embedded database: first start on an empty data folder
 * (migrations + demo seed) and a restart on the same folder. Median of RUNS each.
 * Usage: node bench/cold-start.mjs [runs]
 */
import { startServer } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
const first = [];
const again = [];
for (let i = 0; i < runs; i++) {
  const a = await startServer({ port: 3901 });
  first.push(a.ms);
  await a.stop();
  const b = await startServer({ port: 3901, dataDir: a.dataDir });
  again.push(b.ms);
  await b.stop();
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`first start (empty ./data, migrate + seed): median ${median(first)} ms  [${first.join(', ')}]`);
console.log(`restart (existing data):                   median ${median(again)} ms  [${again.join(', ')}]`);
