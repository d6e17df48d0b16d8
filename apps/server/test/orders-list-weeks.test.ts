import { usingPostgres } from '@cab/db/testing';
import { DEFAULT_ORDER_STATUS_FILTER, ORDER_STATUSES, type OrderListRow, ordersApi } from '@cab/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { roleUserId } from './orders-fixtures.ts';

/**
 * Deep pages of the shop's list jump to the week their offset falls in (order_week_counts, kept by
 * triggers on orders: decision 0038). Every such page must hold the rows the plain offset gives,
 * checked here against the list computed by SQL, before and after orders move, appear and go.
 */

let t: TestApp;
let admin: string;
const WEEK = 604_800;
/** More orders than the jump's threshold (repository.ts WEEK_JUMP_FROM, 1,000) over ~30 weeks. */
const N = 1_700;

const run = async <R = unknown>(query: SQL): Promise<R[]> =>
  ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await t.login('ADMIN');
  const paula = await roleUserId(t, 'PERSONAL');
  // Statuses by a hash of i; three orders per creation time (ties); every 50th order exactly on a
  // week's first microsecond and its neighbour one microsecond before it (the weeks' edges).
  await run(sql`insert into orders (name, status, customer_id, created_by_id, created_at, updated_at)
    select 'weekly ' || i, (array[${sql.raw(ORDER_STATUSES.map((s) => `'${s}'`).join(','))}])[1 + (i * 7919) % ${ORDER_STATUSES.length}],
      ${paula}, ${paula}, at, at
    from (select i, case
        when i % 50 = 0 then to_timestamp((2900 + i / 60) * ${WEEK}::bigint)
        when i % 50 = 1 then to_timestamp((2900 + i / 60) * ${WEEK}::bigint) - interval '1 microsecond'
        else to_timestamp(2900::bigint * ${WEEK} + (i / 3) * 3517) end as at
      from generate_series(1, ${N}) i) g`);
});
afterAll(() => t.close());

const list = async (query: Record<string, string>) => {
  const res = await t.call(ordersApi.list, { token: admin, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { results: OrderListRow[]; total: number };
};

/** The ids in the list's order, by SQL (`order`: the ORDER BY before the id, descending). */
async function expectedIds(statuses: readonly string[], order: string): Promise<number[]> {
  const found = await run<{ id: number }>(sql`select id from orders
    where status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
    order by ${sql.raw(order)}, id desc`);
  return found.map((r) => Number(r.id));
}

/** order_week_counts as the triggers keep it, and as counting the orders gives it (zero rows left out). */
async function countsAgree() {
  const kept = await run<{ status: string; week: number; n: number }>(
    sql`select status, week, n from order_week_counts where n <> 0 order by 1, 2`,
  );
  const counted = await run<{ status: string; week: number; n: number }>(
    sql`select status, floor(extract(epoch from created_at) / ${WEEK})::int as week, count(*)::int as n
      from orders group by 1, 2 order by 1, 2`,
  );
  expect(kept).toEqual(counted);
}

const STATUS_SETS: readonly (readonly string[])[] = [
  ORDER_STATUSES,
  DEFAULT_ORDER_STATUS_FILTER,
  ['BID', 'SHIPPED', 'CANCELLED'],
  ['DECLINED'],
];

/** Pages from offset ~950 to past the end, at several sizes, against the SQL list. */
async function expectDeepPagesRight() {
  for (const statuses of STATUS_SETS) {
    for (const [orderBy, order] of [
      ['-created_at', 'created_at desc'],
      ['created_at', 'created_at asc'],
      ['created_at,name', 'created_at asc, name asc'],
    ] as const) {
      const ids = await expectedIds(statuses, order);
      for (const size of [50, 7, 100]) {
        const first = Math.floor(950 / size) + 1;
        for (let page = first; page <= Math.ceil(ids.length / size) + 1; page++) {
          const got = await list({
            status: statuses.join(','),
            order_by: orderBy,
            page: String(page),
            page_size: String(size),
          });
          const want = ids.slice((page - 1) * size, page * size);
          expect(
            got.results.map((r) => r.id),
            `${statuses.join(',')} by ${orderBy}, page ${page} of ${size}`,
          ).toEqual(want);
        }
      }
    }
  }
}

describe('deep pages of the shop list (order_week_counts)', () => {
  it('the triggers count every order by status and week of creation', async () => {
    await countsAgree();
    const [total] = await run<{ n: number }>(sql`select sum(n)::int as n from order_week_counts`);
    expect(Number(total?.n)).toBeGreaterThanOrEqual(N);
  });

  it('a deep page holds the rows the plain offset gives, in every status set and direction', async () => {
    expect((await expectedIds(ORDER_STATUSES, 'created_at desc')).length).toBeGreaterThan(1_500);
    await expectDeepPagesRight();
  });

  it('stays right after orders move status, change week, appear and are deleted', async () => {
    // Moves both ways between two statuses, a move to another week, new orders, deletions.
    await run(sql`update orders set status = case status when 'BID' then 'SHIPPED' when 'SHIPPED' then 'BID' else status end
      where id % 5 = 0`);
    await run(sql`update orders set created_at = created_at - interval '9 weeks' where id % 11 = 0`);
    await run(
      sql`update orders set status = 'VERIFIED', created_at = created_at + interval '3 days' where id % 13 = 0`,
    );
    await run(sql`delete from orders where id % 17 = 0 and name like 'weekly %'`);
    const paula = await roleUserId(t, 'PERSONAL');
    for (let i = 0; i < 3; i++) {
      const res = await t.call(ordersApi.create, {
        token: admin,
        body: { name: `new ${i}`, customer: paula, groups: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    await countsAgree();
    await expectDeepPagesRight();
  });

  it('concurrent moves the opposite ways keep the counts exact (on PostgreSQL, five connections)', async () => {
    const ids = (
      await run<{ id: number }>(sql`select id from orders where status in ('BID', 'SHIPPED') limit 200`)
    ).map((r) => Number(r.id));
    // Each statement its own transaction; on PostgreSQL the pool runs five at once.
    await Promise.all(
      ids.map((id) =>
        run(sql`update orders set status = case status when 'BID' then 'SHIPPED' else 'BID' end where id = ${id}`),
      ),
    );
    await countsAgree();
  });

  it.skipIf(!usingPostgres())('an order written while another is uncommitted does not wait for it', async () => {
    const paula = await roleUserId(t, 'PERSONAL');
    const newOrder = (tx: typeof t.handle.db, name: string) =>
      tx.execute(
        sql`insert into orders (name, status, customer_id, created_by_id) values (${name}, 'BID', ${paula}, ${paula})`,
      );
    await t.handle.db.transaction(async (first) => {
      await newOrder(first, 'first, not yet committed');
      // Same status and week: with the count written at once, this one waited for the first's commit.
      await t.handle.db.transaction(async (second) => {
        await second.execute(sql`set local lock_timeout = '2s'`);
        await newOrder(second, 'second');
      });
    });
    await countsAgree();
  });

  it('a page past the last row is empty, with the same total', async () => {
    const ids = await expectedIds(DEFAULT_ORDER_STATUS_FILTER, 'created_at desc');
    const whole = await list({ status: DEFAULT_ORDER_STATUS_FILTER.join(','), page_size: '50' });
    const past = await list({
      status: DEFAULT_ORDER_STATUS_FILTER.join(','),
      page: String(Math.ceil(ids.length / 50) + 3),
      page_size: '50',
    });
    expect(past.results).toEqual([]);
    expect(past.total).toBe(whole.total);
    // The last page number the API takes: an offset past int4 (2,147,483,646 pages of 1,000).
    const last = await list({ page: '2147483647', page_size: '1000' });
    expect(last.results).toEqual([]);
  });

  it("the shop's list by status has its exact total, past 10,000 orders too (not the planner's estimate)", async () => {
    const paula = await roleUserId(t, 'PERSONAL');
    // Statistics from before a bulk load: the planner's estimate is then its guess from them.
    await run(sql`analyze orders`);
    await run(sql`insert into orders (name, status, customer_id, created_by_id, created_at)
      select 'more ' || i, case when i % 3 = 0 then 'ORDERED' else 'SHIPPED' end, ${paula}, ${paula},
        now() - i * interval '1 hour' from generate_series(1, 12000) i`);
    const count = async (where: SQL) =>
      Number((await run<{ n: number }>(sql`select count(*)::int as n from orders ${where}`))[0]?.n);
    const all = await count(sql``);
    expect(all).toBeGreaterThan(10_000);
    for (const [query, exact] of [
      [{}, all],
      [{ status: ORDER_STATUSES.join(',') }, all],
      [{ status: 'SHIPPED,ORDERED' }, await count(sql`where status in ('SHIPPED', 'ORDERED')`)],
    ] as const) {
      // The total is re-read once a second: exact within that, where the estimate stayed wrong.
      await expect.poll(async () => (await list({ ...query, page_size: '50' })).total, { timeout: 5_000 }).toBe(exact);
      expect((await list({ ...query, page: '999', page_size: '50' })).total, JSON.stringify(query)).toBe(exact);
    }
  });

  it('the counts rebuild from the orders (the migration and a restore do)', async () => {
    await run(sql`update order_week_counts set n = n + 5`);
    await run(sql`select order_week_counts_rebuild()`);
    await countsAgree();
  });
});
