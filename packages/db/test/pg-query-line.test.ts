import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/index.ts';
import { createTestDb, usingPostgres } from '../src/testing.ts';

/**
 * Statements sent at once on one PostgreSQL connection (a transaction's reads under Promise.all)
 * are lined up by pg-query-line.ts: node-postgres warned "Calling client.query() when the client
 * is already executing a query is deprecated" at every start of the server.
 */
describe.skipIf(!usingPostgres())('statements sent at once on one connection (PostgreSQL)', () => {
  let handle: DbHandle;
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  beforeAll(async () => {
    handle = await createTestDb();
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await handle.close();
  });

  it('run one after another in a transaction, each with its own answer, and nothing is deprecated', async () => {
    const answers = await handle.db.transaction((tx) =>
      Promise.all([1, 2, 3, 4].map((n) => tx.execute(sql`select ${n}::int as n, pg_sleep(0.01)`))),
    );
    expect(answers.map((a) => (a as unknown as { rows: { n: number }[] }).rows[0]?.n)).toEqual([1, 2, 3, 4]);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });

  it('a failing statement fails alone: the next one on the connection still answers', async () => {
    const client = await (handle as DbHandle & { pool: pg.Pool }).pool.connect();
    try {
      const [bad, good] = await Promise.allSettled([client.query('select 1/0'), client.query('select 2 as n')]);
      expect(bad.status).toBe('rejected');
      expect(good.status === 'fulfilled' && good.value.rows[0].n).toBe(2);
    } finally {
      client.release();
    }
  });
});
