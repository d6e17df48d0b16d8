/**
 * Issue 29: the live floor under load, on PostgreSQL. A fresh database (`bench_events`,
 * recreated) gets the migrations and the demo seed; through the real server, orders of 400
 * cabinets are made (set ORDERED in SQL, approved: the cabinets). Then `--listeners` clients hold
 * `GET /api/events/` open (as the shop's screens would; signed in as STAFF) while `--scanners`
 * scanners each in their own PRODUCTION session scan one after another for `--duration` s
 * (a shared shuffled list of cabinets, 5 % codes that are no cabinet: every recorded scan is an
 * event).
 *
 * A scanner's scans are one after another, so its session's events reach each listener in the
 * order they were sent: the k-th scan event of a session at a listener is the k-th scan of that
 * scanner (its barcode is checked). Reported: p50/p95/p99 of a scan (the call), and of delivery:
 * from a scan's answer to its event at each listener (the commit came before the answer; the
 * NOTIFY with it) and from the scan being sent; checks: every scan reached every listener, once,
 * with its barcode; no 5xx. Also the server's CPU ms per scan and the bench client's.
 *
 * Usage: node --import tsx bench/events.mts [--listeners 200] [--scanners 20] [--duration 30]
 *          [--cabinets 8000] [--pace 0] [--pg postgres://postgres@127.0.0.1:5432] [--db bench_events] [--port 3983]
 * Goals: delivery p95 under 200 ms; the scan's own p95 under 50 ms; every scan at every listener.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { cpuMs } from './lib.mjs';
import { approvedBenchOrders, pct, pgOptions, startFloorBench } from './pg-bench.mts';

const { values: opt } = parseArgs({
  options: {
    listeners: { type: 'string', default: '200' },
    scanners: { type: 'string', default: '20' },
    duration: { type: 'string', default: '30' },
    cabinets: { type: 'string', default: '8000' },
    // Ms a scanner waits after each answer (a person walking to the next cabinet); 0: back to back.
    pace: { type: 'string', default: '0' },
    ...pgOptions('bench_events', '3983'),
  },
});
const LISTENERS = Number(opt.listeners);
const SCANNERS = Number(opt.scanners);
const DURATION_MS = Number(opt.duration) * 1000;
const PACE_MS = Number(opt.pace);

const ms = (x: number) => Number(x.toFixed(1));

const { server, base, c, token, api } = await startFloorBench(opt);

/** What each scanner sent, by session: code, when sent, when answered. */
const sentBySession = new Map<number, { code: string; sentAt: number; answeredAt: number }[]>();

/** One listener: counts, per session, the scan events it got and checks each against what was sent. */
class Listener {
  readonly perSession = new Map<number, number>();
  received = 0;
  wrong = 0;
  ended = false;
  fromAnswer: number[] = [];
  fromSend: number[] = [];
  private req: http.ClientRequest | undefined;

  open(auth: string): Promise<void> {
    return new Promise((resolve, reject) => {
      // A socket of its own, as each screen has.
      this.req = http.get(
        `${base}/api/events/`,
        { agent: false, headers: { authorization: auth, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            const now = performance.now();
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              this.message(buffer.slice(0, end), now);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
            }
          });
          res.on('end', () => {
            this.ended = true;
          });
          res.on('error', () => {});
          resolve();
        },
      );
      this.req.on('error', reject);
    });
  }

  private message(block: string, now: number) {
    if (!block.includes('event: scan\n')) return;
    const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { session_id: number; barcode: string };
    this.received++;
    const k = this.perSession.get(data.session_id) ?? 0;
    this.perSession.set(data.session_id, k + 1);
    const sent = sentBySession.get(data.session_id)?.[k];
    if (!sent || sent.code !== data.barcode) {
      this.wrong++;
      return;
    }
    // The event may come before the answer reached the scanner: measured from the send then.
    this.fromSend.push(now - sent.sentAt);
    if (sent.answeredAt > 0) this.fromAnswer.push(Math.max(0, now - sent.answeredAt));
  }

  close() {
    this.req?.destroy();
  }
}

const listeners: Listener[] = [];
try {
  const admin = await token('admin@demo.test');
  const staff = await token('staff@demo.test');
  const { orderIds, barcodes } = await approvedBenchOrders(c, api, admin, {
    cabinets: Number(opt.cabinets),
    name: 'Events bench',
  });
  await c.query('vacuum analyze');
  console.error(`${orderIds.length} orders, ${barcodes.length} cabinets`);

  // The listeners, each on its own connection, signed in once each (as each screen is).
  const t0 = performance.now();
  for (let i = 0; i < LISTENERS; i++) {
    const l = new Listener();
    await l.open(staff);
    listeners.push(l);
  }
  console.error(`${LISTENERS} listeners open in ${Math.round(performance.now() - t0)} ms`);

  let cursor = 0;
  let errors = 0;
  let scans = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  async function scanner(n: number) {
    const auth = n % 2 ? admin : staff;
    const session = await api<{ id: number }>(auth, 'POST', '/api/scan/sessions/', {
      type: 'PRODUCTION',
      station: `Bench ${n}`,
    });
    const sent: { code: string; sentAt: number; answeredAt: number }[] = [];
    sentBySession.set(session.body.id, sent);
    let i = 0;
    while (performance.now() < deadline) {
      let code: string;
      if (Math.random() < 0.05) code = `NOPE-${n}-${i}`;
      else if (cursor < barcodes.length) code = barcodes[cursor++] as string;
      else break;
      const entry = { code, sentAt: performance.now(), answeredAt: 0 };
      sent.push(entry);
      const res = await api(auth, 'POST', `/api/scan/sessions/${session.body.id}/scan/`, {
        code,
        client_scan_id: `e${n}-${i++}`,
      });
      entry.answeredAt = performance.now();
      latencies.push(entry.answeredAt - entry.sentAt);
      scans++;
      if (res.status !== 200) {
        errors++;
        // Nothing recorded, no event: not expected at the listeners.
        sent.pop();
      }
      if (PACE_MS > 0) await new Promise((r) => setTimeout(r, PACE_MS));
    }
  }
  const pid = server.child.pid as number;
  const cpu0 = cpuMs(pid);
  const client0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: SCANNERS }, (_, n) => scanner(n)));
  const seconds = (performance.now() - started) / 1000;
  const serverCpuPerScan = (cpuMs(pid) - cpu0) / Math.max(1, scans);
  const client = process.cpuUsage(client0);
  const clientCpuPerScan = (client.user + client.system) / 1000 / Math.max(1, scans);

  // Every recorded scan at every listener: waited for up to 10 s after the last.
  const expected = [...sentBySession.values()].reduce((sum, s) => sum + s.length, 0);
  const waitUntil = performance.now() + 10_000;
  while (performance.now() < waitUntil && listeners.some((l) => l.received < expected)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const fromAnswer = listeners.flatMap((l) => l.fromAnswer);
  const fromSend = listeners.flatMap((l) => l.fromSend);
  const stored = Number((await c.query(`select count(*)::int as n from live_events where kind = 'scan'`)).rows[0].n);
  const report = {
    listeners: LISTENERS,
    scanners: SCANNERS,
    pace_ms: PACE_MS,
    seconds: Number(seconds.toFixed(1)),
    scans,
    scans_per_s: Math.round(scans / seconds),
    scan_p50_ms: ms(pct(latencies, 50)),
    scan_p95_ms: ms(pct(latencies, 95)),
    scan_p99_ms: ms(pct(latencies, 99)),
    deliveries: fromSend.length,
    delivery_from_answer_p50_ms: ms(pct(fromAnswer, 50)),
    delivery_from_answer_p95_ms: ms(pct(fromAnswer, 95)),
    delivery_from_answer_p99_ms: ms(pct(fromAnswer, 99)),
    delivery_from_send_p95_ms: ms(pct(fromSend, 95)),
    server_cpu_ms_per_scan: Number(serverCpuPerScan.toFixed(3)),
    bench_client_cpu_ms_per_scan: Number(clientCpuPerScan.toFixed(3)),
    http_errors: errors,
    scan_events_stored: stored,
    scan_events_expected: expected,
    listeners_missing_events: listeners.filter((l) => l.received < expected).length,
    listeners_with_extra_events: listeners.filter((l) => l.received > expected).length,
    events_not_matching_a_scan: listeners.reduce((sum, l) => sum + l.wrong, 0),
    listeners_ended: listeners.filter((l) => l.ended).length,
    load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
  };
  console.log(JSON.stringify(report, null, 2));
  const ok =
    report.listeners_missing_events === 0 &&
    report.listeners_with_extra_events === 0 &&
    report.events_not_matching_a_scan === 0 &&
    stored === expected &&
    errors === 0;
  console.error(ok ? 'checks: every scan reached every listener once' : 'checks FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const l of listeners) l.close();
  await c.end();
  await server.stop();
}
