#!/usr/bin/env node
/**
 * Sign-in throughput: POST /api/users/token/ with the right password, with autocannon, against a
 * server on the embedded database (or DATABASE_URL). The rate limit is lifted for the run.
 * Usage: node bench/login.mjs [seconds] [connections]
 */
import autocannon from 'autocannon';
import { startServer } from './lib.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);
const server = await startServer({ port: 3902, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '100000000' } });
try {
  const result = await autocannon({
    url: 'http://127.0.0.1:3902/api/users/token/',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'personal@demo.test', password: 'Demo1234!' }),
    connections,
    duration,
  });
  const ok = result['2xx'];
  console.log(
    `login: ${(ok / duration).toFixed(1)} successful sign-ins/s (${ok} in ${duration} s, ${connections} connections, non-2xx ${result.non2xx}); ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  const me = await fetch('http://127.0.0.1:3902/api/users/token/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'personal@demo.test', password: 'Demo1234!' }),
  }).then((r) => r.json());
  const authed = await autocannon({
    url: 'http://127.0.0.1:3902/api/users/me/',
    headers: { authorization: `Token ${me.token}` },
    connections,
    duration,
  });
  console.log(
    `GET /api/users/me/: ${authed.requests.average.toFixed(0)} req/s; latency p50 ${authed.latency.p50} ms, p99 ${authed.latency.p99} ms`,
  );
} finally {
  await server.stop();
}
