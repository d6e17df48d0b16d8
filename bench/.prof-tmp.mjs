import autocannon from 'autocannon';
import { startServer } from './lib.mjs';
const server = await startServer({ port: 3972, args: ['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir=/tmp/speed/prof', 'apps/server/src/main.ts'],
  env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench_speed', HOST: '127.0.0.1', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' } });
const base = 'http://127.0.0.1:3972';
const tok = (await (await fetch(`${base}/api/users/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }) })).json()).token;
const url = `${base}${process.argv[2]}`;
const r = await autocannon({ url, headers: { authorization: `Token ${tok}` }, connections: 64, duration: Number(process.argv[3] ?? 10) });
console.log(r.requests.average, r.latency.p50, r.non2xx);
await server.stop();
