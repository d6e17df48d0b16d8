#!/usr/bin/env node
/**
 * Line-item CSV import through the endpoint, as a shop loads its catalogue: `--items` rows in
 * 10,000-row files (new rows), then the first file again (every row an update); on PostgreSQL
 * (database `bench_import`, recreated) and on PGlite (a fresh folder). With --compare another
 * checkout is timed the same way right after, on its own database.
 *
 * Usage: node bench/import.mjs [--items 50000] [--db postgres,pglite]
 *          [--pg postgres://postgres@127.0.0.1:5432] [--compare other-tree]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshPgDatabase, loadItemsCsv, postItemsCsv, ROOT, signIn, spawnUntilListening } from './lib.mjs';

const { values: opt } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    db: { type: 'string', default: 'postgres,pglite' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    compare: { type: 'string' },
  },
});
const itemCount = Number(opt.items);
const FILE_ROWS = 10_000;

async function startServer(root, port, env) {
  const { stop } = await spawnUntilListening({
    args: ['apps/server/src/main.ts'],
    port,
    cwd: root,
    env: { LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    label: `server in ${root}`,
  });
  return stop;
}

async function importFile(base, auth, csv) {
  const started = performance.now();
  const res = await postItemsCsv(base, auth, csv);
  const body = await res.json();
  if (res.status !== 200 || body.failed) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return performance.now() - started;
}

async function run(kind, root, label, port) {
  const env =
    kind === 'postgres'
      ? { DATABASE_URL: await freshPgDatabase(opt.pg, label ? 'bench_import_compare' : 'bench_import') }
      : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cab-import-')) };
  const stop = await startServer(root, port, { UPLOAD_MAX_BYTES: String(100 * 1024 * 1024), ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    const auth = await signIn(base);
    const files = [];
    for (let from = 0; from < itemCount; from += FILE_ROWS)
      files.push(await importFile(base, auth, loadItemsCsv(from, Math.min(itemCount, from + FILE_ROWS))));
    const update = await importFile(base, auth, loadItemsCsv(0, Math.min(itemCount, FILE_ROWS)));
    const total = files.reduce((a, b) => a + b, 0);
    const s = (ms) => (ms / 1000).toFixed(1);
    console.log(`| ${kind}${label} | ${s(total)} | ${files.map(s).join(' / ')} | ${s(update)} |`);
  } finally {
    await stop();
  }
}

console.log(`| db | ${itemCount} new rows, s | per ${FILE_ROWS}-row file, s | ${FILE_ROWS} updates, s |`);
console.log('| --- | ---: | --- | ---: |');
for (const kind of opt.db.split(',')) {
  await run(kind, ROOT, '', 3970);
  if (opt.compare) await run(kind, path.resolve(opt.compare), ` (${path.basename(opt.compare)})`, 3972);
}
