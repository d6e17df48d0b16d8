#!/usr/bin/env node
/**
 * Catalogue: time to import a 10,000-row line-item CSV (new rows, then the same file again as
 * updates), and p50/p95 latency of the premium and line-item list endpoints under load.
 * Runs on the embedded database, or on PostgreSQL when DATABASE_URL is set.
 * Usage: node bench/catalog.mjs [rows] [seconds] [connections]
 */
import autocannon from 'autocannon';
import { signIn, startServer } from './lib.mjs';

const rows = Number(process.argv[2] ?? 10_000);
const duration = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 16);
const port = 3903;
const base = `http://127.0.0.1:${port}`;

const server = await startServer({
  port,
  env: { UPLOAD_MAX_BYTES: String(100 * 1024 * 1024), LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
});
try {
  const auth = await signIn(base);

  // A realistic file: every column, a handful of categories and groups, some tags.
  const run = Date.now().toString(36);
  const header =
    'manufacturer_code,price,description,category,base_category,width,height,depth,hinge,nb_base_door,nb_door_pull,nb_drawer,nb_drawer_pull,nb_tall_door,nb_wall_door,nb_adjustable_shelf,export_name_1,export_name_2,export_name_3,export_name_4,tags,product_group,is_attachment,manual_work_required,export_with_finish_side,is_corner_cabinet';
  const bases = ['BASE', 'WALL', 'TALL', 'ACCESSORY'];
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const b = bases[i % 4];
    lines.push(
      [
        `BN${run}-${i}`,
        (100 + (i % 900) + (i % 100) / 100).toFixed(2),
        `"Bench cabinet ${i}, ${b.toLowerCase()}"`,
        `Bench ${b}`,
        b,
        9 + (i % 28),
        30 + (i % 60),
        b === 'WALL' ? 12 : 24,
        ['Left', 'Right', 'Both', 'None'][i % 4],
        b === 'BASE' ? 2 : 0,
        2,
        i % 3,
        i % 3,
        b === 'TALL' ? 2 : 0,
        b === 'WALL' ? 2 : 0,
        i % 4,
        `BN${i}`,
        b.toLowerCase(),
        '',
        '',
        i % 10 === 0 ? 'new; lead:2w' : '',
        `Bench group ${i % 20}`,
        'false',
        i % 7 === 0 ? 'true' : 'false',
        'false',
        'false',
      ].join(','),
    );
  }
  const csv = `${lines.join('\n')}\n`;

  const importOnce = async (label) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const res = await fetch(`${base}/api/catalog/items/import_csv/`, { method: 'POST', headers: auth, body: form });
    const body = await res.json();
    const ms = Math.round(performance.now() - started);
    if (res.status !== 200 || body.imported !== rows)
      throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    console.log(
      `CSV import, ${rows} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${label}: ${ms} ms (${Math.round(rows / (ms / 1000))} rows/s)`,
    );
  };
  await importOnce('all new');
  await importOnce('all updates');

  const load = async (label, path) => {
    const times = [];
    const instance = autocannon({ url: `${base}${path}`, headers: auth, connections, duration });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    const result = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
    console.log(
      `${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms (non-2xx ${result.non2xx}, ${connections} connections, ${duration} s)`,
    );
  };
  await load('GET premiums door_style (page_size 10)', '/api/catalog/premiums/door_style/');
  await load(
    'GET premiums wood_species (selection, 50)',
    '/api/catalog/premiums/wood_species/?select=true&order_by=group_index,index',
  );
  await load('GET items (page 1 of all, 50)', '/api/catalog/items/');
  await load(
    'GET items (filter code + order_by price, 50)',
    `/api/catalog/items/?manufacturer_code=BN${run}-1&order_by=-price`,
  );
  await load('GET items (page 100, 50)', '/api/catalog/items/?page=100');
} finally {
  await server.stop();
}
