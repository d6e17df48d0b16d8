import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@cab/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { basePort, type RunningServer, signIn, startServer } from './ops-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-ops-stop-'));
/** On the API tests' PostgreSQL pass the server runs on PostgreSQL (database ops_stop), else on PGlite. */
const PG = process.env.TEST_DATABASE_URL;

async function databaseUrl(): Promise<string | undefined> {
  if (!PG) return undefined;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query('drop database if exists ops_stop with (force)');
  await admin.query('create database ops_stop');
  await admin.end();
  const url = new URL(PG);
  url.pathname = '/ops_stop';
  return url.toString();
}
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One POST over a kept-alive agent. A connection the server never took up (refused, or reset
 * from the listen backlog as the server stops listening) is told apart from a failure on a
 * connection that was serving: `reusedSocket`.
 */
function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => reject(Object.assign(err, { newConnection: !req.reusedSocket })));
    req.end(body);
  });
}

const errorCode = (err: unknown) => {
  const e = err as { cause?: { code?: string; errors?: { code?: string }[] }; code?: string };
  return e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.code ?? String(err);
};

describe('graceful shutdown under a steady load', () => {
  it('fails no request but refused new connections, and leaves nothing half-written', {
    timeout: 240_000,
  }, async () => {
    const url = await databaseUrl();
    server = await startServer(basePort + 1, {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SHUTDOWN_DRAIN_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '20000',
      ORDER_WRITE_RATE_LIMIT_PER_MINUTE: '0',
    });
    const s = server;
    const auth = await signIn(s.base, 'manager@demo.test');
    const created: number[] = [];
    const failures: string[] = [];
    let refused = 0;
    let signalled = false;
    let readyAfterSignal: number | string | undefined;
    let n = 0;

    // Eight clients creating orders (a transaction with its audit event) until the server refuses them.
    const client = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const name = `load-${++n}`;
        try {
          const res = await post(
            agent,
            `${s.base}/api/orders/`,
            { authorization: auth, 'content-type': 'application/json' },
            JSON.stringify({ name, groups: [] }),
          );
          const body = JSON.parse(res.body) as { id?: number };
          if (res.status === 201 && body.id) created.push(body.id);
          else failures.push(`${res.status} ${res.body}`);
        } catch (err) {
          const code = errorCode(err);
          const refusedNew =
            (err as { newConnection?: boolean }).newConnection && ['ECONNREFUSED', 'ECONNRESET'].includes(code);
          if (refusedNew && signalled) {
            agent.destroy();
            refused++;
            return;
          }
          failures.push(
            `${name}: ${code} (signalled ${signalled}, new connection ${(err as { newConnection?: boolean }).newConnection})`,
          );
          if (failures.length > 20) return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    // A steady load first: at least a second of it and a few orders answered.
    const loadStart = Date.now();
    while ((Date.now() - loadStart < 1000 || created.length < 5) && failures.length === 0) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = created.length;
    signalled = true;
    s.child.kill('SIGTERM');
    // Readiness turns 503 once the signal is in, while the server still accepts connections (the drain delay).
    const ready = async () => {
      try {
        return (await fetch(`${s.base}/api/health/ready`)).status;
      } catch (err) {
        return errorCode(err);
      }
    };
    await vi.waitFor(
      async () => {
        readyAfterSignal = await ready();
        expect(readyAfterSignal).not.toBe(200);
      },
      { timeout: 10_000, interval: 20 },
    );
    await Promise.all(clients);
    const code = await s.exited;

    expect(failures).toEqual([]);
    expect(readyAfterSignal).toBe(503);
    expect(before).toBeGreaterThan(0);
    // Requests kept coming during the drain delay and were served.
    expect(created.length).toBeGreaterThan(before);
    expect(refused).toBe(8);
    expect(code).toBe(0);
    expect(s.err()).not.toMatch(/error/i);

    // Every answered create is in the database with its audit event; nothing else is.
    const handle = await createDb(url ? { databaseUrl: url } : { dataDir });
    try {
      const rows = (
        (await handle.db.execute(
          sql`select o.id, (select count(*)::int from audit_events a where a.entity = 'order' and a.entity_id = o.id::text and a.action = 'create') as audits
              from orders o where o.name like 'load-%'`,
        )) as unknown as { rows: { id: number; audits: number }[] }
      ).rows;
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
      expect(rows.filter((r) => r.audits !== 1)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
