#!/usr/bin/env node
/**
 * Waiting in line for the database: p50/p90/p99/max latency of GET /api/catalog/items/ and
 * GET /api/users/me/ under many connections, on the embedded database (one query at a time) or
 * on PostgreSQL when DATABASE_URL is set. Fair queueing keeps p99 within a few times p50.
 * A third run adds writers (PATCH settings, one transaction each) on 1/8 of the connections.
 * Usage: node bench/queue.mjs [seconds] [connections] [server entry, default: tsx on the sources]
 */
import autocannon from 'autocannon';
import { signIn, startServer } from './lib.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 64);
const port = 3904;
const base = `http://127.0.0.1:${port}`;
const entry = process.argv[4];
const server = await startServer({
  port,
  env: { LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
  ...(entry ? { args: [entry] } : {}),
});
try {
  const headers = await signIn(base);
  const load = async (label, path, { conns = connections, writers = 0 } = {}) => {
    const times = [];
    const instance = autocannon({ url: `${base}${path}`, headers, connections: conns, duration, timeout: 30 });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
    const writing = writers
      ? autocannon({
          url: `${base}/api/core/settings/`,
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ lead_time: 3 }),
          connections: writers,
          duration,
          timeout: 30,
        })
      : null;
    const result = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
    const wrote = writing ? await writing : null;
    times.sort((a, b) => a - b);
    const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
    console.log(
      `${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms ` +
        `(p99/p50 ${(pct(99) / pct(50)).toFixed(1)}; non-2xx ${result.non2xx}, timeouts ${result.timeouts}; ${conns} connections, ${duration} s)` +
        (wrote
          ? `; writes ${wrote.requests.average.toFixed(0)}/s, p99 ${wrote.latency.p99} ms, non-2xx ${wrote.non2xx}`
          : ''),
    );
  };
  await load('GET /api/catalog/items/', '/api/catalog/items/');
  await load('GET /api/users/me/', '/api/users/me/');
  const writers = Math.max(1, Math.round(connections / 8));
  await load(`GET /api/catalog/items/ beside ${writers} writers`, '/api/catalog/items/', {
    conns: connections - writers,
    writers,
  });
} finally {
  await server.stop();
}
