import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbStats } from '@cab/db';
import { ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { notFound } from '../../kit/errors.ts';
import { processRegistry } from '../../kit/job-metrics.ts';
import { jobStates } from '../../kit/jobs/state.ts';
import { outboxBacklog } from '../email/index.ts';

/** Latency buckets (seconds): the API's answers are mostly a few milliseconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Node's own metrics (event-loop lag, heap, GC, handles) go to the process registry, once. */
let defaultMetricsOn = false;

export interface MetricsOptions {
  /** The database's connection counts (DbHandle.stats); absent in tests that build no handle. */
  dbStats?: () => DbStats;
}

const sha = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(sha(match![1]!.trim()), sha(token));
}

/** One route pattern and method's answers: a count per status, latency per bucket, the sum. */
class RouteStats {
  readonly byStatus = new Map<number, number>();
  /** Answers per bucket, not cumulative (the last is beyond the largest bound): summed at a scrape. */
  readonly buckets = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
  sum = 0;
  count = 0;

  record(status: number, seconds: number) {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    this.buckets[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** The map's value for `key`, made and kept on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };
type Routes = Map<string, Map<string, RouteStats>>;

function* eachRoute(byRoute: Routes) {
  for (const [route, byMethod] of byRoute) for (const [method, stats] of byMethod) yield { route, method, stats };
}

/** A metric in prom-client's shape whose samples are read from the recorded counts when scraped. */
function scrapedMetric(name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]) {
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    get: () => ({ name, help, type, aggregator: 'sum', values: samples() }),
  };
}

/** http_requests_total: a count per route pattern, method and status. */
const requestsMetric = (byRoute: Routes) =>
  scrapedMetric('http_requests_total', 'HTTP requests answered, by route pattern, method and status', 'counter', () => {
    const values: Sample[] = [];
    for (const { route, method, stats } of eachRoute(byRoute)) {
      for (const [status, value] of stats.byStatus) values.push({ labels: { route, method, status }, value });
    }
    return values;
  });

/** http_request_duration_seconds as a Prometheus histogram: cumulative buckets, +Inf, sum, count. */
const LATENCY = 'http_request_duration_seconds';
const latencyMetric = (byRoute: Routes) =>
  scrapedMetric(LATENCY, 'Time from request to answer, by route pattern and method', 'histogram', () => {
    const values: Sample[] = [];
    for (const { route, method, stats } of eachRoute(byRoute)) {
      let cumulative = 0;
      stats.buckets.forEach((n, i) => {
        cumulative += n;
        const le = i < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[i]! : '+Inf';
        values.push({ labels: { le, route, method }, value: cumulative, metricName: `${LATENCY}_bucket` });
      });
      values.push({ labels: { route, method }, value: stats.sum, metricName: `${LATENCY}_sum` });
      values.push({ labels: { route, method }, value: stats.count, metricName: `${LATENCY}_count` });
    }
    return values;
  });

/**
 * GET /metrics (Prometheus text format), with the hooks that feed it: only when METRICS_TOKEN is
 * set, so a server without it records nothing per request and answers 404 there.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const token = app.deps.config.metricsToken;
  if (!token) {
    // Declared anyway, so the web app's fallback does not answer this path with its page.
    app.get('/metrics', async () => {
      throw notFound();
    });
    return;
  }
  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
    defaultMetricsOn = true;
  }
  const registry = new Registry();
  const byRoute = new Map<string, Map<string, RouteStats>>();
  registry.registerMetric(requestsMetric(byRoute) as never);
  registry.registerMetric(latencyMetric(byRoute) as never);
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    // Nested maps keyed by the route pattern and the method, both strings Fastify keeps: no
    // key is built per request. prom-client's labelled children hash their labels on every
    // call, which cost the cheapest requests about a sixth of their CPU.
    const byMethod = entry(byRoute, req.routeOptions.url ?? 'unmatched', () => new Map<string, RouteStats>());
    entry(byMethod, req.method, () => new RouteStats()).record(reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { dbStats } = options;
  if (dbStats) {
    new Gauge({
      name: 'cab_db_connections',
      help: 'Database connections by state (node-postgres pool: total, idle; PGlite: one)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = dbStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'cab_db_waiting',
      help: 'Queries waiting for a connection (node-postgres pool) or callers in the embedded database line',
      registers: [registry],
      collect() {
        this.set(dbStats().waiting);
      },
    });
  }
  // Read once per scrape, in the handler below, for both outbox gauges.
  let backlog: { pending: number; oldest: Date | null } = { pending: 0, oldest: null };
  new Gauge({
    name: 'cab_outbox_pending',
    help: 'E-mails waiting in the outbox (PENDING)',
    registers: [registry],
    collect() {
      this.set(backlog.pending);
    },
  });
  new Gauge({
    name: 'cab_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail still waiting in the outbox (0 when none)',
    registers: [registry],
    collect() {
      this.set(backlog.oldest ? Math.max(0, (Date.now() - backlog.oldest.getTime()) / 1000) : 0);
    },
  });

  // The jobs' state is every server's (table jobs): read at the scrape, as the outbox backlog.
  let jobs: { name: string; status: string }[] = [];
  new Gauge({
    name: 'cab_job_failed',
    help: 'A background job that failed past its retries and stays stopped until an admin runs it again (1), else 0, by job',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const job of jobs) this.set({ job: job.name }, job.status === 'FAILED' ? 1 : 0);
    },
  });

  app.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: ERROR_CODES.notAuthenticated, message: MSG.metricsTokenRequired });
    }
    [backlog, jobs] = await Promise.all([outboxBacklog(app.deps.db), jobStates(app.deps.db)]);
    const text = (await registry.metrics()) + (await processRegistry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}
