import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@cab/db';
import { LIVE_EVENTS } from '@cab/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { SseClient } from './events-client.ts';
import { testConfig } from './helpers.ts';
import { freshPgDatabase, type RunningServer, signIn, startServer } from './ops-process.ts';

/**
 * The live floor across servers (issue 29, decision 0042): two server processes on one
 * PostgreSQL; a scan made on server A reaches a listener on server B (and one on A), through the
 * table and NOTIFY each server's hub LISTENs to. PostgreSQL only (PGlite is one process).
 */
const PG = process.env.TEST_DATABASE_URL;
const DB = 'events_two';
/** Ports of this file alone. */
const PORTS = [3981, 3982] as const;

let url: string;
const servers: RunningServer[] = [];
const dataDirs: string[] = [];
const streams: SseClient[] = [];

beforeAll(async () => {
  if (!PG) return;
  url = await freshPgDatabase(PG, DB);
  // The demo with its orders: some are in production, with cabinets left to scan.
  const handle = await createDb({ databaseUrl: url });
  try {
    await seed(handle.db, { demo: true, demoOrders: true, config: testConfig() });
  } finally {
    await handle.close();
  }
  const started = await Promise.all(
    PORTS.map((port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-events-srv-'));
      dataDirs.push(dataDir);
      return startServer(port, {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        // No heartbeat within a test: a stream that ends was ended by what it heard.
        EVENTS_HEARTBEAT_MS: '600000',
      });
    }),
  );
  servers.push(...started);
}, 240_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A cabinet not yet completed of an order a PRODUCTION scan completes cabinets of. */
async function cabinetToScan(): Promise<{ barcode: string; orderId: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ barcode: string; order_id: number }>(
      `select c.barcode, c.order_id from cabinets c join orders o on o.id = c.order_id
        where c.completed_at is null and o.status in ('VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED')
          and not o.in_editing_mode
        order by c.id limit 1`,
    );
    if (!rows[0]) throw new Error('the demo has no cabinet to scan');
    return { barcode: rows[0].barcode, orderId: Number(rows[0].order_id) };
  } finally {
    await c.end();
  }
}

describe.skipIf(!PG)('two servers on one PostgreSQL, one live floor', () => {
  it('a scan on server A reaches a listener on server B, and one on A, once each', { timeout: 120_000 }, async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const [onA, onB] = [await signIn(a.base, 'staff@demo.test'), await signIn(b.base, 'staff@demo.test')];
    const token = (header: string) => header.replace(/^Token /, '');
    const listenerB = await SseClient.open(`${b.base}/api/events/`, token(onB));
    const listenerA = await SseClient.open(`${a.base}/api/events/`, token(onA));
    streams.push(listenerA, listenerB);
    expect([listenerA.status, listenerB.status]).toEqual([200, 200]);

    const { barcode, orderId } = await cabinetToScan();
    const post = (p: string, body: unknown) =>
      fetch(`${a.base}${p}`, {
        method: 'POST',
        headers: { authorization: onA, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const session = await post('/api/scan/sessions/', { type: 'PRODUCTION', station: 'Server A' });
    expect(session.status).toBe(201);
    const sessionId = ((await session.json()) as { id: number }).id;
    const scanned = await post(`/api/scan/sessions/${sessionId}/scan/`, { code: barcode });
    expect(scanned.status).toBe(200);
    expect(((await scanned.json()) as { result: string }).result).toBe('OK');

    for (const listener of [listenerB, listenerA]) {
      await listener.until((c) => c.events('scan').length > 0, 'the scan made on server A');
      const [event] = listener.events('scan');
      expect(event!.data).toMatchObject({ session_id: sessionId, order_id: orderId, barcode, result: 'OK' });
    }
    // Heard once on each server, with the same id.
    await new Promise((r) => setTimeout(r, 300));
    expect(listenerB.events('scan')).toHaveLength(1);
    expect(listenerA.events('scan')).toHaveLength(1);
    expect(listenerB.events('scan')[0]!.id).toBe(listenerA.events('scan')[0]!.id);
  });

  it("a user's streams are capped across servers, and a sign-out on one server ends the stream on the other", {
    timeout: 120_000,
  }, async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const token = (header: string) => header.replace(/^Token /, '');
    const onA = token(await signIn(a.base, 'admin@demo.test'));
    const onB = token(await signIn(b.base, 'admin@demo.test'));
    const open = async (base: string, t: string) => {
      const c = await SseClient.open(`${base}/api/events/`, t);
      streams.push(c);
      expect(c.status).toBe(200);
      return c;
    };
    const onServerA: SseClient[] = [];
    for (let i = 0; i < LIVE_EVENTS.streamsPerUser; i++) onServerA.push(await open(a.base, onA));
    // The user's 11th stream, on the other server: the first, on server A, closes.
    const onServerB = await open(b.base, onB);
    await onServerA[0]!.until((c) => c.isEnded, 'the first stream, on server A, to close');

    // Signed out through server B: server A's streams of that token end (the beat is ten minutes off).
    const out = await fetch(`${b.base}/api/users/logout/`, {
      method: 'POST',
      headers: { authorization: `Token ${onA}` },
    });
    expect(out.status).toBe(200);
    for (const s of onServerA.slice(1)) await s.until((c) => c.isEnded, 'the signed-out stream on server A to end');
    expect(onServerB.isEnded).toBe(false);
  });
});
