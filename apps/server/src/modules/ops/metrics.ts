import { createHash, timingSafeEqual } from 'node:crypto';
import type { DbStats } from '@cab/db';
import { ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notFound } from '../../kit/errors.ts';
import { processRegistry } from '../../kit/job-metrics.ts';
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
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(sha(match![1]!.trim()), sha(token));
}

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
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Label children kept per route and method: no label hashing on the hot path.
  const children = new Map<string, { observe(v: number): void; byStatus: Map<number, { inc(): void }> }>();
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${route}`;
    let child = children.get(key);
    if (!child) {
      const hist = latency.labels(route, req.method);
      child = { observe: (v) => hist.observe(v), byStatus: new Map() };
      children.set(key, child);
    }
    let counter = child.byStatus.get(reply.statusCode);
    if (!counter) {
      counter = requests.labels(route, req.method, String(reply.statusCode));
      child.byStatus.set(reply.statusCode, counter);
    }
    counter.inc();
    child.observe(reply.elapsedTime / 1000);
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

  app.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: ERROR_CODES.notAuthenticated, message: MSG.metricsTokenRequired });
    }
    backlog = await outboxBacklog(app.deps.db);
    const text = (await registry.metrics()) + (await processRegistry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}
