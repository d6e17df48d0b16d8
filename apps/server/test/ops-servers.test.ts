import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountsApi, authApi, buildPath, catalogApi, type Endpoint } from '@cab/shared';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePart, multipart, png } from './catalog-helpers.ts';
import {
  basePort,
  type CaughtMail,
  laterRuns,
  type RunningServer,
  signIn,
  startServer,
  startSmtpCatcher,
} from './ops-process.ts';

/**
 * Two servers (different ports, one DATABASE_URL, one S3-compatible bucket, one SMTP server):
 * what docs/deploy.md promises of several servers behind a load balancer.
 */
const PG = process.env.TEST_DATABASE_URL;
const SESSION_BOUND_MS = 5_000;

let a: RunningServer;
let b: RunningServer;
let s3: S3rver;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
const mails: CaughtMail[] = [];
const s3Dir = mkdtempSync(path.join(tmpdir(), 'cab-ops-s3-'));
const dataDirs = [mkdtempSync(path.join(tmpdir(), 'cab-ops-a-')), mkdtempSync(path.join(tmpdir(), 'cab-ops-b-'))];

async function call(
  server: RunningServer,
  e: Endpoint,
  auth: string | null,
  options: { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown } = {},
) {
  const url = new URL(buildPath(e.path, options.params), server.base);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: e.method,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

/** Polls until `check` holds or `ms` pass; how long it took, or Infinity. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start <= ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.POSITIVE_INFINITY;
}

/** The two servers' database. */
let dbUrl: string;

beforeAll(async () => {
  if (!PG) return;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query('drop database if exists ops_two with (force)');
  await admin.query('create database ops_two');
  await admin.end();
  const url = new URL(PG);
  url.pathname = '/ops_two';
  dbUrl = url.toString();

  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'cab-two' }],
  });
  const s3Port = (await s3.run()).port;
  const catcher = await startSmtpCatcher((mail) => {
    mails.push(mail);
    return true;
  });
  smtp = catcher;
  const env = (dataDir: string) => ({
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    SMTP_URL: catcher.url,
    S3_BUCKET: 'cab-two',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  // Started together: migrations and the demo seed run once, under their advisory locks.
  [a, b] = await Promise.all([
    startServer(basePort + 2, env(dataDirs[0]!)),
    startServer(basePort + 3, env(dataDirs[1]!)),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await smtp?.close();
  for (const dir of [s3Dir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!PG)('two servers on one PostgreSQL', () => {
  it('a sign-out on one ends the session on the other within the cache bound', async () => {
    const auth = await signIn(a.base, 'staff@demo.test');
    expect((await call(b, authApi.me, auth)).status).toBe(200); // now cached on b
    expect((await call(a, authApi.logout, auth)).status).toBe(200);
    const ms = await within(SESSION_BOUND_MS + 1000, async () => (await call(b, authApi.me, auth)).status === 401);
    expect(ms).toBeLessThanOrEqual(SESSION_BOUND_MS);
  });

  it('a password change on one ends the other sessions on the other', async () => {
    const changer = await signIn(a.base, 'personal@demo.test');
    const other = await signIn(a.base, 'personal@demo.test');
    expect((await call(b, authApi.me, other)).status).toBe(200);
    const changed = await call(a, authApi.passwordUpdate, changer, {
      body: { old_password: 'Demo1234!', new_password: 'Another123!', confirm_password: 'Another123!' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const ms = await within(SESSION_BOUND_MS + 1000, async () => (await call(b, authApi.me, other)).status === 401);
    expect(ms).toBeLessThanOrEqual(SESSION_BOUND_MS);
  });

  it('a catalogue change on one is seen on the other', async () => {
    const admin = await signIn(a.base);
    const list = await call(b, catalogApi.itemList, admin);
    expect(list.status).toBe(200);
    const item = list.body.results[0];
    const description = `Changed through server A ${Date.now()}`;
    const saved = await call(a, catalogApi.itemUpdate, admin, { params: { id: item.id }, body: { description } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await call(b, catalogApi.itemList, admin);
    expect(again.body.results.find((r: { id: number }) => r.id === item.id).description).toBe(description);
  });

  it('the outbox sends each mail once, not once per server', { timeout: 60_000 }, async () => {
    const people = ['admin@demo.test', 'staff@demo.test', 'manager@demo.test', 'employee@demo.test'];
    const before = mails.length;
    // Queued through both servers; both workers poll the one outbox.
    for (const [i, email] of people.entries()) {
      const res = await call(i % 2 ? b : a, accountsApi.forgetPassword, null, { body: { email } });
      expect(res.status).toBeLessThan(300);
    }
    expect(await within(30_000, async () => mails.length - before >= people.length)).toBeLessThan(Infinity);
    // Two more rounds of the outbox: nothing is sent again.
    await laterRuns(dbUrl, 'outbox', 2);
    const sent = mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([...people].sort());
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(people.length);
  });

  it('an upload saved through one is served by the other (S3 storage)', async () => {
    const admin = await signIn(a.base);
    const cats = await call(a, catalogApi.categoryList, admin, { query: { category_type: 'WOOD_SPECIES' } });
    const created = await call(a, catalogApi.premiumCreate, admin, {
      params: { kind: 'wood_species' },
      body: { code: 'TWOSRV', categories: [cats.body.results[0].id], export_name: 'twosrv' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { payload, headers } = multipart([imagePart(await png(120, 80))]);
    const res = await fetch(
      new URL(buildPath(catalogApi.premiumAddImages.path, { kind: 'wood_species', id: created.body.id }), a.base),
      { method: 'POST', headers: { ...headers, authorization: admin }, body: payload },
    );
    expect(res.status).toBe(200);
    const [image] = (await res.json()) as { image: string }[];
    const fromA = Buffer.from(await (await fetch(new URL(image!.image, a.base))).arrayBuffer());
    const served = await fetch(new URL(image!.image, b.base));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(fromA)).toBe(true);
  });
});

describe.skipIf(PG)('two servers on one PostgreSQL', () => {
  it.skip('needs TEST_DATABASE_URL (a PostgreSQL server this test may create a database on)', () => {});
});
