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
import { addDays, type LiveEventKind, PLANNER_MAX_DAYS, todayIn } from '@cab/shared';
import { type LiveEvent, type LiveKeys, refetchOnEvents } from '../apps/web/src/lib/live-events.ts';
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
    // Issue 36: screens that refetch as the web does (its own refetchOnEvents): floor boards
    // (STAFF) and shop dashboards (ADMIN and STAFF in turn), each with its own stream.
    boards: { type: 'string', default: '0' },
    dashboards: { type: 'string', default: '0' },
    // A database to copy instead of a fresh one (e.g. bench_orders: 100,000 orders behind the figures).
    from: { type: 'string', default: '' },
  },
});
const LISTENERS = Number(opt.listeners);
const SCANNERS = Number(opt.scanners);
const DURATION_MS = Number(opt.duration) * 1000;
const PACE_MS = Number(opt.pace);

const ms = (x: number) => Number(x.toFixed(1));

const { server, base, c, token, api } = await startFloorBench(opt);

/** The screens' figures: events, bursts and refetches (issue 36: at most one per query per burst). */
function screenReport() {
  const refetchMs = screens.flatMap((s) => s.refetchMs);
  const sum = (f: (s: Screen) => number) => screens.reduce((n, s) => n + f(s), 0);
  return {
    screens: screens.length,
    screen_events_heard: sum((s) => s.events),
    screen_bursts: sum((s) => s.bursts),
    screen_refetches: sum((s) => [...s.refetches.values()].reduce((a, b) => a + b, 0)),
    screen_refetch_errors: sum((s) => s.refetchErrors),
    refetches_of_one_query_per_burst_worst: Number(Math.max(...screens.map((s) => s.worstPerBurst)).toFixed(2)),
    refetch_p50_ms: ms(pct(refetchMs, 50)),
    refetch_p95_ms: ms(pct(refetchMs, 95)),
    refetch_p99_ms: ms(pct(refetchMs, 99)),
  };
}

/** What each scanner sent, by session: code, when sent, when answered. */
const sentBySession = new Map<number, { code: string; sentAt: number; answeredAt: number }[]>();

/** One listener: counts, per session, the scan events it got and checks each against what was sent. */
class Listener {
  constructor(private readonly heard?: (event: LiveEvent) => void) {}
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
    const kind = /^event: (.+)$/m.exec(block)?.[1];
    if (!kind) return;
    const parsed = JSON.parse(block.slice(block.indexOf('data: ') + 6));
    this.heard?.({ id: /^id: (.+)$/m.exec(block)?.[1] ?? '', kind, data: parsed } as LiveEvent);
    if (kind !== 'scan') return;
    const data = parsed as { session_id: number; barcode: string };
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

/**
 * A screen as the web runs it: its queries fetched on load, its own stream, and on each event the
 * queries the web's `refetchOnEvents` (apps/web/src/lib/live-events.ts) makes stale, refetched.
 * Counts its events, the bursts they came in (a gap of QUIET_MS ends one; one lasting past
 * MAX_WAIT_MS counts once per MAX_WAIT_MS) and its refetches per query.
 */
const QUIET_MS = 250;
const MAX_WAIT_MS = 1_000;
class Screen {
  readonly listener: Listener;
  readonly refetches = new Map<string, number>();
  readonly refetchMs: number[] = [];
  events = 0;
  bursts = 0;
  refetchErrors = 0;
  private burstStart = 0;
  private lastHeard = -Infinity;
  private readonly refetcher;

  constructor(
    private readonly auth: string,
    private readonly urls: Record<string, string>,
    keys: LiveKeys,
    readonly kinds: readonly LiveEventKind[],
  ) {
    this.refetcher = refetchOnEvents(
      { invalidateQueries: ({ queryKey }) => this.fetch(JSON.stringify(queryKey), true) },
      () => ({ keys }),
    );
    this.listener = new Listener((event) => {
      if (!this.kinds.includes(event.kind)) return;
      const now = performance.now();
      this.events++;
      if (now - this.lastHeard > QUIET_MS || now - this.burstStart > MAX_WAIT_MS) {
        this.bursts++;
        this.burstStart = now;
      }
      this.lastHeard = now;
      this.refetcher.event(event);
    });
  }

  async open() {
    await this.listener.open(this.auth);
    await Promise.all(Object.keys(this.urls).map((key) => this.fetch(key, false)));
  }

  private async fetch(key: string, counted: boolean) {
    const t = performance.now();
    // A refetch cut off when the bench closes its sockets is no answer: not counted.
    const res = await api(this.auth, 'GET', this.urls[key] as string).catch(() => null);
    if (!res) return;
    if (res.status !== 200) this.refetchErrors++;
    if (!counted) return;
    this.refetchMs.push(performance.now() - t);
    this.refetches.set(key, (this.refetches.get(key) ?? 0) + 1);
  }

  /** The most refetches of one query per burst this screen heard. */
  get worstPerBurst() {
    return Math.max(0, ...[...this.refetches.values()].map((n) => n / Math.max(1, this.bursts)));
  }

  close() {
    this.refetcher.stop();
    this.listener.close();
  }
}

const key = (k: unknown[]) => JSON.stringify(k);
/** The floor board's queries and what each kind touches (apps/web/src/features/floor/api.ts). */
function board(auth: string) {
  const today = todayIn();
  const planner = `/api/planner/orders/?date_after=${addDays(today, -(PLANNER_MAX_DAYS - 32))}&date_before=${addDays(today, 30)}`;
  const [figures, plan, late, remakes] = [
    ['floor', 'figures'],
    ['floor', 'planner'],
    ['floor', 'late'],
    ['floor', 'remakes'],
  ];
  return new Screen(
    auth,
    {
      [key(figures!)]: '/api/core/dashboard/',
      [key(plan!)]: planner,
      [key(late!)]: '/api/orders/late_report/?page_size=8&order_by=-days_late',
      [key(remakes!)]: '/api/orders/remake_list/?page_size=60',
    },
    {
      scan: [figures!, plan!],
      order_status: [figures!, plan!, late!],
      remake: [figures!, remakes!],
      planner: [figures!, plan!],
    },
    ['scan', 'order_status', 'remake', 'planner'],
  );
}
/** The dashboard page: every kind moves a figure (apps/web/src/features/dashboard/api.ts). */
const dashboard = (auth: string) =>
  new Screen(
    auth,
    { [key(['dashboard'])]: '/api/core/dashboard/' },
    [['dashboard']],
    ['scan', 'scan_undone', 'order_status', 'remake', 'planner', 'payment', 'approval'],
  );

const listeners: Listener[] = [];
const screens: Screen[] = [];
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
  for (let i = 0; i < Number(opt.boards); i++) screens.push(board(staff));
  for (let i = 0; i < Number(opt.dashboards); i++) screens.push(dashboard(i % 2 ? staff : admin));
  for (const screen of screens) await screen.open();
  if (screens.length) console.error(`${screens.length} screens open, each with its first answers`);

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
    ...(screens.length ? screenReport() : {}),
    load_average_after: loadavg().map((l) => Number(l.toFixed(2))),
  };
  console.log(JSON.stringify(report, null, 2));
  const ok =
    report.listeners_missing_events === 0 &&
    report.listeners_with_extra_events === 0 &&
    report.events_not_matching_a_scan === 0 &&
    stored === expected &&
    errors === 0 &&
    screens.every((s) => s.refetchErrors === 0 && s.worstPerBurst <= 1);
  console.error(ok ? 'checks: every scan reached every listener once' : 'checks FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const l of listeners) l.close();
  for (const s of screens) s.close();
  await c.end();
  await server.stop();
}
