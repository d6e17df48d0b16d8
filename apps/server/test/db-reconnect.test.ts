import { execFileSync } from 'node:child_process';
import { type DbHandle, DEMO_PASSWORD, schema } from '@cab/db';
import { usingPostgres } from '@cab/db/testing';
import { authApi } from '@cab/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * The first calls after PostgreSQL's connections are cut (a restart, a failover) are run again on
 * a new connection, not answered 500 (issue 36, decision 0058). The cut is made while this process
 * cannot read its sockets (a child process run synchronously), so the pool still holds the dead connections
 * and the next statements are sent on them, as in the probe that found it. PostgreSQL only: the
 * embedded PGlite has no connections to cut.
 */

let t: TestApp;
let url: string;

beforeAll(async () => {
  if (!usingPostgres()) return;
  t = await setupTestApp();
  url = (t.handle as DbHandle & { pool: pg.Pool }).pool.options.connectionString!;
});
afterAll(() => t?.close());

/** Fills the pool with idle connections: several statements at once. */
const warm = () => Promise.all(Array.from({ length: 5 }, () => t.handle.db.execute(sql`select pg_sleep(0.05)`)));

/**
 * Terminates every other connection to the test database and waits until they are gone, from a
 * child process run synchronously: this process reads none of its sockets meanwhile.
 */
function cutConnections(): number {
  const script = `
    import pg from 'pg';
    const c = new pg.Client(${JSON.stringify(url)});
    await c.connect();
    const { rows } = await c.query(\`select count(pg_terminate_backend(pid, 5000))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()\`);
    console.log(rows[0].n);
    await c.end();`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname });
  return Number(out.toString().trim());
}

describe.skipIf(!usingPostgres())('after PostgreSQL cut the connections', () => {
  it('a statement and a transaction sent on cut connections are run again on new ones', async () => {
    await warm();
    expect(cutConnections()).toBeGreaterThan(0);
    // Sent before this process reads of the cut: on the pool's dead connections.
    const statement = t.handle.db.execute(sql`select 41 + 1 as n`);
    const transaction = t.handle.db.transaction(async (tx) => {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(schema.users);
      return row!.n;
    });
    const [answer, users] = await Promise.all([statement, transaction]);
    expect((answer as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(42);
    expect(users).toBeGreaterThan(0);
  });

  it('the first calls are answered, not 500', async () => {
    const tokens = await Promise.all([t.login('STAFF'), t.login('ADMIN'), t.login('PERSONAL')]);
    await warm();
    expect(cutConnections()).toBeGreaterThan(0);
    // A sign-in (a transaction) and session lookups (statements), all sent at once.
    const answers = await Promise.all([
      t.call(authApi.login, { body: { email: 'staff@demo.test', password: DEMO_PASSWORD } }),
      ...tokens.map((token) => t.call(authApi.me, { token })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});
