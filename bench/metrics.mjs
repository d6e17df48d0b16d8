#!/usr/bin/env node
/**
 * Does GET /metrics cost the other requests anything? The same load (GET /api/users/me/ and the
 * default order list, 64 connections) against a server without METRICS_TOKEN and one with it
 * (recording every request, scraped every second as Prometheus would). Each server is warmed up
 * (a few seconds of the same load, not counted: the JIT, the first daily run, the caches) before
 * it is measured; rounds go off-on, on-off, ... so neither side is always second. Reported per row:
 * req/s, latency and the server's CPU per request (/proc; steadier than req/s on a shared machine).
 * Embedded database (its work is then in the server's CPU), or DATABASE_URL: PostgreSQL, so the
 * server's CPU is the Node process alone (the fairer A/B; `bench/orders.mts` makes bench_orders).
 * Usage: node bench/metrics.mjs [seconds] [connections] [rounds] [warm-up seconds]
 */
import autocannon from 'autocannon';
import { cpuMs, signIn, startServer } from './lib.mjs';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 64);
const rounds = Number(process.argv[4] ?? 2);
const warmUp = Number(process.argv[5] ?? 5);
const TOKEN = 'bench-metrics-token';
const PORT = 3911;
const base = `http://127.0.0.1:${PORT}`;

const paths = ['/api/users/me/', '/api/orders/'];
const rows = [];
for (let round = 0; round < rounds; round++) {
  for (const metrics of round % 2 ? [true, false] : [false, true]) {
    const server = await startServer({
      port: PORT,
      env: { ORDER_WRITE_RATE_LIMIT_PER_MINUTE: '0', ...(metrics ? { METRICS_TOKEN: TOKEN } : { METRICS_TOKEN: '' }) },
    });
    try {
      const auth = await signIn(base);
      // A scrape a second, as Prometheus would.
      const scraper = metrics
        ? setInterval(() => {
            fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
              .then((r) => r.text())
              .catch(() => {});
          }, 1000)
        : null;
      for (const path of paths) {
        if (warmUp > 0) await autocannon({ url: `${base}${path}`, headers: auth, connections, duration: warmUp });
        const pid = server.child.pid;
        const cpu0 = cpuMs(pid);
        const r = await autocannon({ url: `${base}${path}`, headers: auth, connections, duration });
        rows.push({
          // The server's CPU per request (/proc): steadier than req/s on a shared machine.
          cpu: (cpuMs(pid) - cpu0) / Math.max(1, r.requests.total),
          round,
          metrics,
          path,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.non2xx + r.errors,
        });
      }
      if (scraper) clearInterval(scraper);
    } finally {
      await server.stop();
    }
  }
}
console.log(`${connections} connections, ${duration} s per row, ${rounds} rounds`);
console.log('path                metrics   req/s    p50 ms   p99 ms   errors   CPU ms/request');
for (const r of rows) {
  console.log(
    `${r.path.padEnd(20)}${(r.metrics ? 'on' : 'off').padEnd(10)}${r.rps.toFixed(0).padStart(6)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(9)}${r.cpu.toFixed(3).padStart(17)}`,
  );
}
// Per side: mean, median and the quietest row (the least disturbed by the shared machine).
const stat = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, median, min: sorted[0], max: sorted.at(-1) };
};
const pct = (on, off) => `${((on / off - 1) * 100).toFixed(1)} %`;
for (const path of paths) {
  const side = (on, key) => stat(rows.filter((r) => r.path === path && r.metrics === on).map((r) => r[key]));
  const [cpuOn, cpuOff, rpsOn, rpsOff] = [side(true, 'cpu'), side(false, 'cpu'), side(true, 'rps'), side(false, 'rps')];
  console.log(
    `${path}: with metrics, req/s mean ${pct(rpsOn.mean, rpsOff.mean)}, median ${pct(rpsOn.median, rpsOff.median)}; ` +
      `server CPU per request mean ${pct(cpuOn.mean, cpuOff.mean)}, median ${pct(cpuOn.median, cpuOff.median)}, ` +
      `lowest ${pct(cpuOn.min, cpuOff.min)} (off ${cpuOff.min.toFixed(3)}-${cpuOff.max.toFixed(3)} ms, on ${cpuOn.min.toFixed(3)}-${cpuOn.max.toFixed(3)} ms)`,
  );
}
