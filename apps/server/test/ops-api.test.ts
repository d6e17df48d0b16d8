import { Writable } from 'node:stream';
import { schema } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import { coreApi, opsApi } from '@cab/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backgroundJobs } from '../src/jobs.ts';
import { systemContext } from '../src/kit/context.ts';
import { startJobRunner } from '../src/kit/jobs/runner.ts';
import { deliverDue, type MailSender, OUTBOX } from '../src/modules/email/index.ts';
import { jobMetrics } from '../src/modules/ops/index.ts';
import { setupTestApp, type TestApp, testConfig } from './helpers.ts';

const TOKEN = 'metrics-test-token';
let t: TestApp;
/** A second app on the same database with METRICS_TOKEN set and an info-level log kept in `logLines`. */
let metered: FastifyInstance;
const logLines: { level: number; url?: string; msg: string }[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  metered = await buildApp({
    db: t.handle.db,
    config: testConfig({ metricsToken: TOKEN }),
    logger: { level: 'info', stream },
    dbStats: t.handle.stats,
  });
  await metered.ready();
});
afterAll(async () => {
  await metered.close();
  await t.close();
});

const scrape = async (authorization?: string) =>
  metered.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`) in a scrape, or undefined. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('health checks', () => {
  it('live and ready answer 200 without a login', async () => {
    expect(await t.call(opsApi.live)).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await t.call(opsApi.ready);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('ready answers 503 at once when the server is shutting down; live still 200', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      expect(await t.call(opsApi.ready)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', checks: { shutdown: 'shutting_down' } },
      });
      expect((await t.call(opsApi.live)).status).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it('ready answers 503 while a migration this code knows is not applied', async () => {
    const rows = async () =>
      (
        (await t.handle.db.execute(
          sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
        )) as unknown as {
          rows: { id: number; hash: string; created_at: string }[];
        }
      ).rows;
    const [last] = await rows();
    await t.handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      expect(await t.call(opsApi.ready)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', checks: { migrations: 'pending' } },
      });
    } finally {
      await t.handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.call(opsApi.ready)).status).toBe(200);
  });

  it('ready answers 503 when the database does not answer; live still 200', async () => {
    const handle = await createTestDb();
    const app = await buildApp({ db: handle.db, config: testConfig(), logger: false });
    await app.ready();
    try {
      await handle.close();
      const ready = await app.inject({ method: 'GET', url: opsApi.ready.path });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
      expect((await app.inject({ method: 'GET', url: opsApi.live.path })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is never logged at info level; other requests are', async () => {
    logLines.length = 0;
    await metered.inject({ method: 'GET', url: '/api/health/live' });
    await metered.inject({ method: 'GET', url: '/api/health/ready' });
    await scrape(`Bearer ${TOKEN}`);
    await metered.inject({ method: 'GET', url: '/api/core/postal_code/lookup/?postal_code=10001' });
    const requestLines = logLines.filter((l) => l.msg === 'request');
    expect(requestLines.map((l) => l.url)).toEqual(['/api/core/postal_code/lookup/?postal_code=10001']);
  });
});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    expect((await scrape(`Token ${TOKEN}`)).statusCode).toBe(401);
  });

  it('counts requests by route pattern, method and status, with a latency histogram per pattern', async () => {
    const login = await metered.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload: { email: 'admin@demo.test', password: 'Demo1234!' },
    });
    const token = login.json().token as string;
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const me = 'http_requests_total{route="/api/users/me/",method="GET",status="200"}';
    const start = sample(before, me) ?? 0;
    for (let i = 0; i < 3; i++) {
      await metered.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `Token ${token}` } });
    }
    await metered.inject({ method: 'GET', url: '/api/users/me/' });
    await metered.inject({ method: 'GET', url: '/api/orders/999999/', headers: { authorization: `Token ${token}` } });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, me)).toBe(start + 3);
    expect(sample(text, 'http_requests_total{route="/api/users/me/",method="GET",status="401"}')).toBe(1);
    // The pattern, not the URL: one series for every order id.
    expect(text).toContain('http_requests_total{route="/api/orders/:id/",method="GET",status="404"} 1');
    expect(text).not.toContain('/api/orders/999999');
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/users/me/",method="GET"}')).toBe(start + 4);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/users\/me\/",method="GET"\} \d+/,
    );
    // A Prometheus histogram: typed, buckets cumulative and ending at +Inf with the count.
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_requests_total counter');
    const series = '{le="LE",route="/api/users/me/",method="GET"}';
    const buckets = [
      '0.002',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ].map((le) => sample(text, `http_request_duration_seconds_bucket${series.replace('LE', le)}`)!);
    expect(buckets.every((n, i) => n >= (buckets[i - 1] ?? 0))).toBe(true);
    expect(buckets.at(-1)).toBe(start + 4);
    expect(sample(text, 'http_request_duration_seconds_sum{route="/api/users/me/",method="GET"}')).toBeGreaterThan(0);
  });

  it('shows event-loop lag, heap and the database connections', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(sample(text, 'cab_db_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cab_db_waiting')).toBeGreaterThanOrEqual(0);
  });

  it('shows the outbox depth and the age of the oldest unsent mail', async () => {
    const { emailOutbox } = schema;
    const queuedAt = new Date(Date.now() - 90_000);
    const rows = await t.handle.db
      .insert(emailOutbox)
      .values(
        [1, 2, 3].map((i) => ({
          toAddress: `m${i}@example.com`,
          subject: 'Hi',
          body: 'Hello',
          templateName: 'invitation',
          createdAt: queuedAt,
          nextAttemptAt: new Date(Date.now() + 3600_000),
        })),
      )
      .returning({ id: emailOutbox.id });
    try {
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(text, 'cab_outbox_pending')).toBeGreaterThanOrEqual(3);
      const age = sample(text, 'cab_outbox_oldest_pending_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(3600);
    } finally {
      await t.handle.db.delete(emailOutbox).where(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
      );
    }
    expect(sample((await scrape(`Bearer ${TOKEN}`)).body, 'cab_outbox_oldest_pending_age_seconds')).toBe(0);
  });

  it('counts job runs and failures: the outbox job on the runner and the jobMetrics recorder', async () => {
    const runs = (text: string, job: string) => sample(text, `cab_job_runs_total{job="${job}"}`) ?? 0;
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const sender: MailSender = { send: async () => ({ messageId: '<x@test>' }) };
    // The declared outbox job with this sender, due at once on its first start: one round.
    const runner = startJobRunner(
      systemContext(metered.deps, metered.log),
      backgroundJobs({ mailSender: sender }).filter((j) => j.name === 'outbox'),
    );
    await runner.tick();
    await runner.stop();
    await jobMetrics.track('ops_test', async () => 1);
    await expect(
      jobMetrics.track('ops_test', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(runs(after, 'outbox')).toBe(runs(before, 'outbox') + 1);
    expect(runs(after, 'ops_test')).toBe(runs(before, 'ops_test') + 2);
    expect(sample(after, 'cab_job_failures_total{job="ops_test"}')).toBe(
      (sample(before, 'cab_job_failures_total{job="ops_test"}') ?? 0) + 1,
    );
    expect(sample(after, 'cab_job_last_success_timestamp_seconds{job="outbox"}')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });
});

describe("the admin's job list", () => {
  it("names each job's schedule from this server's runner; null for a job it does not run", async () => {
    const admin = await t.login('ADMIN');
    const outbox = async () =>
      ((await t.call(opsApi.jobs, { token: admin })).body.results as { name: string; schedule: unknown }[]).find(
        (j) => j.name === 'outbox',
      );
    const sender: MailSender = { send: async () => ({ messageId: '<x@test>' }) };
    const runner = startJobRunner(
      systemContext(t.app.deps, t.app.log),
      backgroundJobs({ mailSender: sender }).filter((j) => j.name === 'outbox'),
    );
    try {
      await runner.tick();
      expect((await outbox())?.schedule).toEqual({ every_ms: 5_000, daily: false });
    } finally {
      await runner.stop();
    }
    expect((await outbox())?.schedule).toBeNull();
  });
});

describe('a background job stopped after its retries', () => {
  it("shows on /metrics, in the admin's job list and on the admin's dashboard; the admin runs it again", async () => {
    const { jobs } = schema;
    const name = 'ops:stopped';
    await t.handle.db.insert(jobs).values({
      name,
      attempts: 4,
      lastError: 'SMTP refused',
      failedAt: new Date(),
      nextRunAt: new Date(Date.now() + 3600_000),
    });
    try {
      const admin = await t.login('ADMIN');
      const failedOnMetrics = async () =>
        sample((await scrape(`Bearer ${TOKEN}`)).body, `cab_job_failed{job="${name}"}`);
      const listed = async () =>
        (await t.call(opsApi.jobs, { token: admin })).body.results as { name: string; status: string }[];
      const card = async () =>
        (await t.call(coreApi.dashboard, { token: admin })).body.cards.find(
          (c: { key: string }) => c.key === 'failed_jobs',
        );
      const stopped = async () => (await listed()).filter((j) => j.status === 'FAILED').length;

      expect(await failedOnMetrics()).toBe(1);
      expect((await listed()).find((j) => j.name === name)).toMatchObject({
        status: 'FAILED',
        failures: 4,
        last_error: 'SMTP refused',
      });
      expect(await card()).toMatchObject({ label: 'Background jobs stopped', value: await stopped(), kind: 'count' });
      expect(await stopped()).toBeGreaterThanOrEqual(1);

      const ran = await t.call(opsApi.runJob, { token: admin, params: { name } });
      expect(ran.status).toBe(200);
      expect(ran.body).toMatchObject({ name, status: 'SCHEDULED', failures: 0, failed_at: null });
      expect(await failedOnMetrics()).toBe(0);
      expect((await card()).value).toBe(await stopped());
      expect((await t.call(opsApi.runJob, { token: admin, params: { name: 'ops:nobody-runs-this' } })).status).toBe(
        404,
      );
    } finally {
      await t.handle.db.delete(jobs).where(eq(jobs.name, name));
    }
  });
});

describe('the outbox worker stops between messages', () => {
  it('sends the messages in hand, and leaves the rest due at once for another server', async () => {
    const { emailOutbox } = schema;
    const rows = await t.handle.db
      .insert(emailOutbox)
      .values(
        Array.from({ length: OUTBOX.concurrency * 3 }, (_, i) => ({
          toAddress: `stop${i}@example.com`,
          subject: 'Hi',
          body: 'Hello',
          templateName: 'invitation',
        })),
      )
      .returning({ id: emailOutbox.id });
    let sends = 0;
    let stopping = false;
    const sender: MailSender = {
      send: async () => {
        sends++;
        stopping = true; // the stop arrives while the first messages are being sent
        return { messageId: `<s${sends}@test>` };
      },
    };
    const result = await deliverDue(systemContext(t.app.deps, t.app.log), sender, () => stopping);
    expect(result.sent).toBe(OUTBOX.concurrency);
    expect(sends).toBe(OUTBOX.concurrency);
    const states = await t.handle.db
      .select({ status: emailOutbox.status, due: sql<boolean>`${emailOutbox.nextAttemptAt} <= now()` })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
      );
    expect(states.filter((s) => s.status === 'SENT')).toHaveLength(OUTBOX.concurrency);
    const left = states.filter((s) => s.status === 'PENDING');
    expect(left).toHaveLength(OUTBOX.concurrency * 2);
    expect(left.every((s) => s.due)).toBe(true);
    await t.handle.db.delete(emailOutbox).where(
      inArray(
        emailOutbox.id,
        rows.map((r) => r.id),
      ),
    );
  });
});
