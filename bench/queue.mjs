#!/usr/bin/env node
/**
 * Waiting in line for the database: p50/p90/p99/max latency of GET /api/catalog/items/ and
 * GET /api/users/me/ under many connections, on the embedded database (one query at a time) or
 * on PostgreSQL when DATABASE_URL is set. Fair queueing keeps p99 within a few times p50.
 * Usage: node bench/queue.mjs [seconds] [connections]
 */
import autocannon from 'autocannon';
import { startServer } from './lib.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 64);
const port = 3904;
const base = `http://127.0.0.1:${port}`;
const server = await startServer({ port, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '100000' } });
try {
  const { token } = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  }).then((r) => r.json());
  for (const path of ['/api/catalog/items/', '/api/users/me/']) {
    const times = [];
    const instance = autocannon({
      url: `${base}${path}`,
      headers: { authorization: `Token ${token}` },
      connections,
      duration,
      timeout: 30,
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    const result = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
    times.sort((a, b) => a - b);
    const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
    console.log(
      `GET ${path}: ${result.requests.average.toFixed(0)} req/s, p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms ` +
        `(p99/p50 ${(pct(99) / pct(50)).toFixed(1)}; non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; ${connections} connections, ${duration} s)`,
    );
  }
} finally {
  await server.stop();
}
