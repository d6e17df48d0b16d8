import { ORDER_STATUSES, type OrderListRow, ordersApi, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';
import { roleUserId, setOrder } from './orders-fixtures.ts';

/**
 * Pages of the order list (the page's ids are found first, then only its rows are written as
 * JSON: repository.ts orderPage). Every page N must hold exactly the rows N of the whole ordered
 * list, for every ordering, with ties on the ordered keys broken by the id, descending, and the
 * same total on every page.
 */

let t: TestApp;
const tokens = {} as Record<Role, string>;
const ALL = ORDER_STATUSES.join(',');
const N = 23;

beforeAll(async () => {
  t = await setupTestApp();
  for (const role of ['ADMIN', 'BUSINESS_MANAGER'] as Role[]) tokens[role] = await t.login(role);
  const paula = await roleUserId(t, 'PERSONAL');
  const names = ['delta', 'alpha', 'charlie', 'bravo', 'alpha'];
  const statuses = ['BID', 'ORDERED', 'VERIFIED', 'IN_PROGRESS'] as const;
  for (let i = 0; i < N; i++) {
    const byManager = i % 4 === 3;
    const res = await t.call(ordersApi.create, {
      token: tokens[byManager ? 'BUSINESS_MANAGER' : 'ADMIN'],
      body: { name: `${names[i % names.length]} ${i % 3}`, groups: [], ...(byManager ? {} : { customer: paula }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Ties everywhere: three orders per creation time, a few prices and request dates.
    await setOrder(t, res.body.id, {
      createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3), 12)),
      status: statuses[i % statuses.length],
      totalPrice: ((i * 7) % 4) * 1000,
      requestedDate: i % 5 === 0 ? null : `2026-03-0${1 + (i % 3)}`,
    } as never);
  }
});
afterAll(() => t.close());

const list = async (role: Role, query: Record<string, string>) => {
  const res = await t.call(ordersApi.list, { token: tokens[role], query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { results: OrderListRow[]; total: number };
};

/** Compares two rows by one wire key (nulls last ascending, as PostgreSQL sorts them). */
function compareBy(key: string, a: OrderListRow, b: OrderListRow): number {
  const av = a[key as keyof OrderListRow] as string | number | null;
  const bv = b[key as keyof OrderListRow] as string | number | null;
  if (av === bv) return 0;
  if (av === null) return 1;
  if (bv === null) return -1;
  if (key === 'total_price') return Number(av) - Number(bv);
  return av < bv ? -1 : 1;
}

/** The ordering `order_by` asks for, with the id (descending) as the last tie-breaker. */
function expectOrdered(rows: OrderListRow[], orderBy: string) {
  const keys = orderBy.split(',').map((k) => (k.startsWith('-') ? { key: k.slice(1), dir: -1 } : { key: k, dir: 1 }));
  const sorted = [...rows].sort((a, b) => {
    for (const { key, dir } of keys) {
      const c = compareBy(key, a, b);
      // PostgreSQL puts nulls first when descending: the mirror of ascending.
      if (c !== 0) return dir * c;
    }
    return b.id - a.id;
  });
  expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
}

describe('pages of the order list', () => {
  const orderings = [
    '-created_at',
    'created_at',
    'name',
    '-name',
    '-total_price',
    'total_price,created_at',
    'status,-created_at',
    'requested_date',
    '-requested_date,name',
    'id',
  ];
  it.each(orderings)('page N holds rows N of the whole list ordered by %s', async (orderBy) => {
    for (const [role, query] of [
      ['ADMIN', { status: ALL }],
      ['ADMIN', { status: 'ORDERED,VERIFIED' }],
      ['ADMIN', { status: 'VERIFIED,BID,VERIFIED' }],
      ['ADMIN', { status: 'BID' }],
      // The default filter's set (any order): one walk of its own partial index.
      ['ADMIN', { status: 'IN_PROGRESS,VERIFIED,ORDERED' }],
      ['ADMIN', { status: 'ORDERED,IN_PROGRESS,VERIFIED', name: 'ALPHA' }],
      ['ADMIN', { status: ALL, name: 'ALPHA' }],
      ['BUSINESS_MANAGER', { status: ALL }],
    ] as const) {
      const whole = await list(role, { ...query, order_by: orderBy, page_size: '100' });
      expect(whole.total).toBe(whole.results.length);
      expect(whole.results.length).toBeGreaterThan('name' in query ? 2 : 4);
      expectOrdered(whole.results, orderBy);
      for (const size of [3, 7]) {
        const pages: OrderListRow[] = [];
        for (let page = 1; page <= Math.ceil(whole.total / size) + 1; page++) {
          const one = await list(role, { ...query, order_by: orderBy, page: String(page), page_size: String(size) });
          expect(one.total, `page ${page} of ${size}`).toBe(whole.total);
          expect(one.results).toEqual(whole.results.slice((page - 1) * size, page * size));
          pages.push(...one.results);
        }
        expect(pages).toEqual(whole.results);
      }
    }
  });

  it('the default ordering is newest first, ties by id descending, and its deep page is the same rows', async () => {
    const whole = await list('ADMIN', { status: ALL, page_size: '100' });
    expect(whole.results.length).toBeGreaterThanOrEqual(N);
    expectOrdered(whole.results, '-created_at');
    const last = await list('ADMIN', { status: ALL, page: '6', page_size: '4' });
    expect(last.results).toEqual(whole.results.slice(20, 24));
  });
});
