/**
 * Issue 8: how long a small request (GET /api/users/me/) waits while a large line-item CSV import
 * runs on embedded PGlite (in memory). A probe is due in every 50 ms slot after the previous
 * answer; its latency counts from when it was due, so time the event loop could not even start it
 * counts too.
 *
 * Usage: node --import tsx bench/import-latency.mts   (ROWS=50000 by default)
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD, seed } from '../packages/db/src/index.ts';
import { createTestDb } from '../packages/db/src/testing.ts';

const ROWS = Number(process.env.ROWS ?? 50_000);
const handle = await createTestDb();
await seed(handle.db);
const config = {
  ...loadConfig({ APP_ENV: 'test', DATA_DIR: '/nonexistent', WEB_DIST: '/nonexistent' }),
  loginRateLimitPerMinute: 10_000,
  uploadMaxBytes: 50 * 1024 * 1024,
};
const app = await buildApp({ db: handle.db, config, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${base}/api/users/token/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
});
const token = (await login.json()).token;
const auth = { authorization: `Token ${token}` };

const header = 'manufacturer_code,price,description,category,base_category,export_name_1';
const rows = Array.from({ length: ROWS }, (_, i) => `BIG-${i},${i % 900}.25,Big ${i},Big Cat ${i % 20},BASE,BIG${i}`);
const form = new FormData();
form.append('file', new Blob([`${header}\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'big.csv');

const probe = async () => {
  const t0 = performance.now();
  const r = await fetch(`${base}/api/users/me/`, { headers: auth });
  await r.arrayBuffer();
  return performance.now() - t0;
};
// Warm up.
for (let i = 0; i < 20; i++) await probe();

let done = false;
const lat: number[] = [];
const start = performance.now();
const prober = (async () => {
  while (!done) {
    // The next 50 ms slot after the previous probe's answer.
    const due = start + Math.ceil((performance.now() - start) / 50) * 50;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await probe();
    lat.push(performance.now() - due);
  }
})();
const t0 = performance.now();
const res = await fetch(`${base}/api/catalog/items/import_csv/`, { method: 'POST', headers: auth, body: form });
const body = await res.json();
const importMs = performance.now() - t0;
done = true;
await prober;
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(0);
console.log(
  JSON.stringify({
    rows: ROWS,
    status: res.status,
    imported: body.imported,
    failed: body.failed,
    importMs: Math.round(importMs),
    probes: lat.length,
    p50: q(0.5),
    p95: q(0.95),
    max: lat.at(-1)!.toFixed(0),
  }),
);
await app.close();
await handle.close();
process.exit(0);
