import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle, inLine } from '../src/index.ts';

/**
 * Embedded PGlite runs one statement at a time. Callers must be served in the order they asked,
 * a transaction must keep its statements together, and a caller that arrives while a transaction
 * is open waits for that transaction only, not for everyone who came after it.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory', migrate: false });
  await handle.db.execute(sql`create sequence served`);
});
afterAll(() => handle.close());

const next = async (db: Pick<DbHandle['db'], 'execute'>) =>
  Number(((await db.execute(sql`select nextval('served') as n`)).rows[0] as { n: string }).n);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PGlite queue', () => {
  it('serves statements and transactions first come, first served, even while transactions wait on other work', async () => {
    const { db } = handle;
    const base = await next(db);
    // 60 callers arrive in order: every third opens a transaction that waits on outside work
    // (a file, a hash) between its two statements.
    const served = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? db.transaction(async (tx) => {
              const first = await next(tx);
              await pause(5);
              const second = await next(tx);
              return { first, second };
            })
          : next(db).then((first) => ({ first, second: first })),
      ),
    );
    const order = served.map((s) => s.first - base);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // A transaction's statements run together: nobody is served between them.
    for (const s of served) expect(s.second - s.first).toBeLessThanOrEqual(1);
  });

  it('serves each caller in arrival order for all its statements, not behind everyone who came later', async () => {
    const { db } = handle;
    // A transaction holds the line while 30 callers arrive, each needing three statements.
    let release!: () => void;
    const holding = new Promise<void>((r) => (release = r));
    const holder = db.transaction(async (tx) => {
      await next(tx);
      await holding;
      await next(tx);
    });
    await pause(5);
    const callers = Array.from({ length: 30 }, () =>
      inLine(async () => [await next(db), await next(db), await next(db)]),
    );
    release();
    await holder;
    const served = await Promise.all(callers);
    // First come, first served: caller i is done before caller i+1 starts.
    for (let i = 1; i < served.length; i++) expect(served[i]![0]).toBeGreaterThan(served[i - 1]![2]!);
  });

  it('does not hold the line for a transaction before its first statement', async () => {
    const { db } = handle;
    const tx = db.transaction(async (t) => {
      await pause(50); // outside work first, e.g. reading an upload or hashing a password
      return next(t);
    });
    await pause(5);
    const plain = await next(db); // waits for the whole transaction if BEGIN takes the line
    expect(await tx).toBeGreaterThan(plain);
  });

  it('rolls back a transaction that fails, commits one that succeeds, and keeps serving', async () => {
    const { db } = handle;
    await db.execute(sql`create table if not exists q_rows (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into q_rows values (1)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into q_rows values (2)`);
      await tx.transaction(async (inner) => inner.execute(sql`insert into q_rows values (3)`));
    });
    // A transaction that never ran a statement sends nothing and keeps its result or error.
    expect(await db.transaction(async () => 'nothing')).toBe('nothing');
    await expect(db.transaction(async () => Promise.reject(new Error('early')))).rejects.toThrow('early');
    const rows = (await db.execute(sql`select n from q_rows order by n`)).rows;
    expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
  });
});
