import { addDays, PLANNER_MAX_DAYS, todayIn } from '@cab/shared';
import { signInAs, startBenchServer } from '/work/main/bench/pg-bench.mts';

const port = 3990;
const server = await startBenchServer(port, 'postgres://postgres@127.0.0.1:5432/bench_events', {
  SEED_DEMO: 'false',
  DASHBOARD_KEEP_MS: '0',
});
const base = `http://127.0.0.1:${port}`;
const today = todayIn();
const urls = [
  '/api/core/dashboard/',
  `/api/planner/orders/?date_after=${addDays(today, -(PLANNER_MAX_DAYS - 32))}&date_before=${addDays(today, 30)}`,
  '/api/orders/late_report/?page_size=8&order_by=-days_late',
  '/api/orders/remake_list/?page_size=60',
];
for (const who of ['staff@demo.test', 'admin@demo.test']) {
  const { authorization } = await signInAs(base, who);
  for (const u of urls) {
    const ts: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      const r = await fetch(base + u, { headers: { authorization } });
      bytes = (await r.text()).length;
      ts.push(performance.now() - t);
    }
    ts.sort((a, b) => a - b);
    console.log(who, u.slice(0, 50), 'first', ts[0].toFixed(1), 'median', ts[4].toFixed(1), 'bytes', bytes);
  }
}
server.kill?.();
process.exit(0);
