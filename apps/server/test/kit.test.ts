import { type DbHandle, schema } from '@cab/db';
import { createTestDb, usingPostgres } from '@cab/db/testing';
import { auditApi, cents } from '@cab/shared';
import { like, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestContext } from '../src/kit/context.ts';
import { AppError } from '../src/kit/errors.ts';
import { preparedRows } from '../src/kit/json-rows.ts';
import { estimatedCount, estimatedTableCount, exactCount, orderBy, pageWindow, paginate } from '../src/kit/list.ts';
import { afterCommit, isUniqueViolation, rethrowUnique, transaction } from '../src/kit/transaction.ts';
import { audit } from '../src/modules/audit/index.ts';
import { MemoryStorage } from '../src/storage/index.ts';
import { setupTestApp, type TestApp, testConfig } from './helpers.ts';

/** The module kit (apps/server/src/kit) on a real SQL engine: PGlite, and PostgreSQL when configured. */
let handle: DbHandle;
let ctx: RequestContext;
const { tags } = schema;

beforeAll(async () => {
  handle = await createTestDb();
  ctx = {
    db: handle.db,
    config: testConfig(),
    storage: new MemoryStorage(),
    actor: null,
    requestId: null,
    log: { error: () => {} } as unknown as FastifyBaseLogger,
  };
});
afterAll(() => handle.close());

const tagNames = async (prefix: string) =>
  (
    await handle.db
      .select({ name: tags.name })
      .from(tags)
      .where(like(tags.name, `${prefix}%`))
  ).map((r) => r.name);

describe('transaction()', () => {
  it('commits, then runs after-commit work once', async () => {
    const ran: string[] = [];
    await transaction(ctx, async (tx) => {
      await tx.db.insert(tags).values({ name: 'tx-commit' });
      await afterCommit(tx, () => ran.push('after'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['after']);
    expect(await tagNames('tx-commit')).toEqual(['tx-commit']);
  });

  it('rolls back on an error and never runs after-commit work', async () => {
    const ran: string[] = [];
    await expect(
      transaction(ctx, async (tx) => {
        await tx.db.insert(tags).values({ name: 'tx-rollback' });
        await afterCommit(tx, () => ran.push('after'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(ran).toEqual([]);
    expect(await tagNames('tx-rollback')).toEqual([]);
  });

  it('a nested call joins the open transaction: an outer failure undoes the inner write', async () => {
    const ran: string[] = [];
    await expect(
      transaction(ctx, async (outer) => {
        await transaction(outer, async (inner) => {
          expect(inner.db).toBe(outer.db);
          await inner.db.insert(tags).values({ name: 'tx-nested' });
          await afterCommit(inner, () => ran.push('inner'));
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await tagNames('tx-nested')).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('after-commit work outside a transaction runs at once; a failing job does not undo the commit', async () => {
    const ran: string[] = [];
    await afterCommit(ctx, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    await transaction(ctx, async (tx) => {
      await tx.db.insert(tags).values({ name: 'tx-failing-job' });
      await afterCommit(tx, () => {
        throw new Error('cleanup failed');
      });
      await afterCommit(tx, () => ran.push('second'));
    });
    expect(await tagNames('tx-failing-job')).toEqual(['tx-failing-job']);
    expect(ran).toEqual(['now', 'second']);
  });

  it('maps a unique violation once, by constraint, and rethrows anything else', async () => {
    await handle.db.insert(tags).values({ name: 'unique-tag', value: 'v' });
    const err = await handle.db
      .insert(tags)
      .values({ name: 'unique-tag', value: 'v' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    const mapped = new AppError(400, 'taken', 'Taken');
    expect(() => rethrowUnique(err, () => mapped)).toThrow(mapped);
    expect(() => rethrowUnique(err, () => undefined)).toThrow(err as Error);
    const other = new Error('not unique');
    expect(() => rethrowUnique(other, () => mapped)).toThrow(other);
  });
});

describe('reads of one turn (kit/json-rows.ts readOnce, decision 0065)', () => {
  const countNamed = (name: string) =>
    preparedRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${tags} where ${tags.name} = ${name}`);
  /** The pool's statements counted (PostgreSQL); PGlite has no pool and runs each read as asked. */
  const poolStatements = () => {
    const pool = (handle as DbHandle & { pool?: { query: (...args: unknown[]) => unknown } }).pool;
    return pool ? vi.spyOn(pool, 'query') : undefined;
  };
  /** How many of the spied statements were the count read (writes go through the pool too). */
  const countReads = (spy: NonNullable<ReturnType<typeof poolStatements>>) =>
    spy.mock.calls.filter(([query]) => String((query as { text?: string }).text).includes('as n from')).length;

  it('callers of one turn share one statement, each with its own rows; a read asked after a write sees it', async () => {
    const spy = poolStatements();
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => countNamed('turn-a')));
      expect(answers.map((rows) => rows[0]?.n)).toEqual(Array(10).fill(0));
      expect(new Set(answers).size).toBe(10);
      if (spy) expect(countReads(spy)).toBe(1);

      // Other values are another statement, in the same turn too.
      const [a, b] = await Promise.all([countNamed('turn-a'), countNamed('turn-b')]);
      expect([a[0]?.n, b[0]?.n]).toEqual([0, 0]);
      if (spy) expect(countReads(spy)).toBe(3);

      await handle.db.insert(tags).values({ name: 'turn-a' });
      expect((await countNamed('turn-a'))[0]?.n).toBe(1);
    } finally {
      spy?.mockRestore();
    }
  });

  it('a read asked after the statement went out is not joined to it: it runs again and sees what committed since', async () => {
    const spy = poolStatements();
    try {
      const first = countNamed('turn-c');
      // The first read's statement leaves in this turn's check phase; the write and the second
      // read come after it.
      await new Promise((resolve) => setImmediate(resolve));
      await handle.db.insert(tags).values({ name: 'turn-c' });
      const second = countNamed('turn-c');
      expect((await first)[0]?.n).toBe(0);
      expect((await second)[0]?.n).toBe(1);
      if (spy) expect(countReads(spy)).toBe(2);
    } finally {
      spy?.mockRestore();
    }
  });

  // PGlite has one connection: a read beside an open transaction would wait for it.
  it.runIf(usingPostgres())(
    'a read in a transaction is its own, beside the same read on the pool in the same turn',
    async () => {
      const [inside, outside] = await transaction({ ...ctx }, async (tx) => {
        await tx.db.insert(tags).values({ name: 'turn-d' });
        const read = sql`select count(*)::int as n from ${tags} where ${tags.name} = ${'turn-d'}`;
        return Promise.all([preparedRows<{ n: number }>(tx.db, read), countNamed('turn-d')]);
      });
      expect(inside[0]?.n).toBe(1);
      expect(outside[0]?.n).toBe(0);
    },
  );
});

describe('paginate()', () => {
  beforeAll(async () => {
    await handle.db
      .insert(tags)
      .values(Array.from({ length: 23 }, (_, i) => ({ name: `page-${String(i).padStart(2, '0')}` })));
  });

  const where = like(tags.name, 'page-%');
  const fetchPage = async (page: number, pageSize: number) => {
    let counted = 0;
    const count = exactCount(handle.db, tags, where);
    const result = await paginate(
      pageWindow({ page, page_size: pageSize }),
      ({ limit, offset }) =>
        handle.db
          .select({ name: tags.name })
          .from(tags)
          .where(where)
          .orderBy(...orderBy('name', { name: tags.name, id: tags.id }, '-id', tags.id))
          .limit(limit)
          .offset(offset),
      () => {
        counted++;
        return count();
      },
    );
    return { ...result, counted };
  };

  it('counts only when the page cannot tell the total', async () => {
    const first = await fetchPage(1, 10);
    expect(first.rows.map((r) => r.name).slice(0, 2)).toEqual(['page-00', 'page-01']);
    expect(first).toMatchObject({ total: 23, counted: 1 });
    // The last, short page is its own count.
    const last = await fetchPage(3, 10);
    expect(last.rows.map((r) => r.name)).toEqual(['page-20', 'page-21', 'page-22']);
    expect(last).toMatchObject({ total: 23, counted: 0 });
    // A page past the end still reports the real total.
    expect(await fetchPage(9, 10)).toMatchObject({ rows: [], total: 23, counted: 1 });
    // One short first page: no count at all.
    expect(await fetchPage(1, 50)).toMatchObject({ total: 23, counted: 0 });
  });

  it('estimatedCount is exact below its threshold and the planner estimate above it', async () => {
    expect(await estimatedCount(handle.db, tags, where)()).toBe(23);
    const estimate = await estimatedCount(handle.db, tags, where, 0)();
    expect(Number.isInteger(estimate)).toBe(true);
    expect(estimate).toBeGreaterThanOrEqual(1);
  });

  it('estimatedCount reuses a large estimate for the same statement and values', async () => {
    const named = (name: string) => like(tags.name, name);
    const first = await estimatedCount(handle.db, tags, named('reuse-%'), 0)();
    await handle.db.insert(tags).values(Array.from({ length: 500 }, (_, i) => ({ name: `reuse-${i}` })));
    await handle.db.execute(sql`analyze tags`);
    // Planned again, the estimate would grow by about 500; within its 10 s it is the same.
    expect(await estimatedCount(handle.db, tags, named('reuse-%'), 0)()).toBe(first);
    const other = await estimatedCount(handle.db, tags, named('reuse-1%'), 0)();
    expect(other).not.toBe(first);
    await handle.db.delete(tags).where(like(tags.name, 'reuse-%'));
  });

  it('estimatedCount reuses an exact count for one second only', async () => {
    const named = like(tags.name, 'exact-%');
    await handle.db.insert(tags).values(Array.from({ length: 3 }, (_, i) => ({ name: `exact-${i}` })));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await estimatedCount(handle.db, tags, named)()).toBe(3);
      await handle.db.insert(tags).values({ name: 'exact-3' });
      vi.setSystemTime(Date.now() + 900);
      expect(await estimatedCount(handle.db, tags, named)()).toBe(3);
      vi.setSystemTime(Date.now() + 200);
      expect(await estimatedCount(handle.db, tags, named)()).toBe(4);
    } finally {
      vi.useRealTimers();
      await handle.db.delete(tags).where(named);
    }
  });

  it('estimatedCount takes one count for many asking at once, and one again when due', async () => {
    const named = like(tags.name, 'herd-%');
    await handle.db.insert(tags).values(Array.from({ length: 5 }, (_, i) => ({ name: `herd-${i}` })));
    // The statements this database runs to plan (EXPLAIN) and count, counted.
    let plans = 0;
    const db = new Proxy(handle.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: Parameters<typeof target.execute>) => {
          plans++;
          return target.execute(...args);
        };
      },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await Promise.all(Array.from({ length: 8 }, () => estimatedCount(db, tags, named)()));
      expect(first).toEqual(Array(8).fill(5));
      expect(plans).toBe(1);
      await handle.db.insert(tags).values({ name: 'herd-5' });
      vi.setSystemTime(Date.now() + 1_100);
      // Due: the first asks again and waits; those asking while it counts keep the old total.
      const again = await Promise.all(Array.from({ length: 8 }, () => estimatedCount(db, tags, named)()));
      expect(again[0]).toBe(6);
      expect(again.slice(1)).toEqual(Array(7).fill(5));
      expect(plans).toBe(2);
      expect(await estimatedCount(db, tags, named)()).toBe(6);
    } finally {
      vi.useRealTimers();
      await handle.db.delete(tags).where(named);
    }
  });

  it('estimatedTableCount estimates the whole table above its threshold, and counts it below', async () => {
    const all = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(tags))[0]!.n;
    await handle.db.insert(tags).values(Array.from({ length: 40 }, (_, i) => ({ name: `est-${i}` })));
    await handle.db.execute(sql`analyze tags`);
    const analyzed = await all();
    // Deleted after ANALYZE: the planner still expects the analyzed count, a real count does not.
    await handle.db.delete(tags).where(like(tags.name, 'est-%'));
    expect(await all()).toBe(analyzed - 40);

    expect(await estimatedTableCount(handle.db, tags, undefined, 0)()).toBe(analyzed);
    // An estimate the page's statement already read is used as is.
    expect(await estimatedTableCount(handle.db, tags, () => 12_345)()).toBe(12_345);
    // Below the threshold the total is counted.
    expect(await estimatedTableCount(handle.db, tags)()).toBe(analyzed - 40);
  });

  it('estimatedTableCount counts a table never analyzed, then analyzes it once it is large', async () => {
    const probe = pgTable('estimate_probe', { id: integer('id') });
    await handle.db.execute(sql`create table estimate_probe (id integer)`);
    await handle.db.execute(sql`insert into estimate_probe select generate_series(1, 30)`);
    expect(await estimatedTableCount(handle.db, probe, undefined, 10)()).toBe(30);
    // Analyzed by that call: rows deleted since are still in the estimate, which no count corrects.
    await handle.db.execute(sql`delete from estimate_probe where id > 20`);
    expect(await estimatedTableCount(handle.db, probe, undefined, 10)()).toBe(30);
    expect(await estimatedTableCount(handle.db, probe, undefined, 100)()).toBe(20);
  });

  it('orderBy keeps id as the last tie-breaker and honours a leading minus', async () => {
    const keys = { name: tags.name, id: tags.id };
    expect(orderBy('-name', keys, 'id', tags.id)).toHaveLength(2);
    expect(orderBy('name,id', keys, 'id', tags.id)).toHaveLength(2);
    expect(orderBy(undefined, keys, '-id', tags.id)).toHaveLength(1);
  });
});

describe('audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(() => t.close());

  it('an event is written in the caller transaction: a rollback leaves none', async () => {
    const base: RequestContext = { ...ctx, db: t.handle.db, requestId: '6f1c1f5e-4a53-4f3c-9a4c-2f0d2b8a1e10' };
    await expect(
      transaction(base, async (tx) => {
        await audit(tx, { entity: 'settings', id: 'kit-rollback', action: 'update', after: { a: 1 } });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await transaction(base, (tx) =>
      audit(tx, { entity: 'settings', id: 'kit-commit', action: 'update', before: { price: cents(100) }, after: null }),
    );
    const admin = await t.login('ADMIN');
    const none = await t.call(auditApi.events, {
      token: admin,
      query: { entity: 'settings', entity_id: 'kit-rollback' },
    });
    expect(none.body).toEqual({ results: [], total: 0 });
    const one = await t.call(auditApi.events, { token: admin, query: { entity: 'settings', entity_id: 'kit-commit' } });
    expect(one.status).toBe(200);
    expect(one.body.total).toBe(1);
    expect(one.body.results[0]).toMatchObject({
      entity: 'settings',
      entity_id: 'kit-commit',
      action: 'update',
      actor: null,
      request_id: base.requestId,
      before: { price: 100 },
      after: null,
    });
  });

  it('only an admin reads the trail, and its query is validated', async () => {
    const staff = await t.login('STAFF');
    expect((await t.call(auditApi.events, { token: staff })).status).toBe(403);
    expect((await t.call(auditApi.events)).status).toBe(401);
    const admin = await t.login('ADMIN');
    const bad = await t.call(auditApi.events, { token: admin, query: { entity: 'nope', page_size: '5000' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['entity', 'page_size']);
    // Reading is not a change: the trail of the reads above is unchanged.
    const all = await t.call(auditApi.events, { token: admin, query: { entity: 'settings' } });
    expect(all.body.results.every((e: { entity: string }) => e.entity === 'settings')).toBe(true);
  });
});
