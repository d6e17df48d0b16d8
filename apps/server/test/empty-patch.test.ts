import { allContracts, buildPath, type Endpoint, type Role } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { setupTestApp, type TestApp, testConfig } from './helpers.ts';

/**
 * Every PATCH contract (the walk finds them, so a new one is covered), sent nothing three ways: `{}`,
 * no body, and an empty body under `content-type: application/json`. On a row that exists, each
 * answers 200 (an update with nothing in it changes nothing) or 400 with a message (a call that
 * needs a field), never 500 (issue 36: a category and a premium group answered 500).
 */

/** Who calls each PATCH: ADMIN, unless only another role may. */
const CALLER: Record<string, Role> = {
  'invoicesApi.bankVerify': 'PERSONAL',
  // Dealer proposals (issue 37): only customers change theirs.
  'proposalsApi.update': 'PERSONAL',
  'proposalsApi.updateMySettings': 'PERSONAL',
};

/** The first row of a table (SQL's `where` optional) by id. */
const first = (table: string, where = 'true') => `select min(id) as id from ${table} where ${where}`;
const PERSONAL = `(select id from users where email = 'personal@demo.test')`;

/** A row that exists for each path parameter, by contract (SQL answering `id` and maybe `second`). */
const ROWS: Record<string, string> = {
  'accountsApi.updateStaff': first('users', 'account_type is null and not is_superuser'),
  'accountsApi.updateBusinessUser': first('users', `account_type = 'B' and not is_manager`),
  'accountsApi.makeManager': first('users', `account_type = 'B' and not is_manager`),
  'accountsApi.updateProfile': `select ${PERSONAL} as id`,
  'accountsApi.updateCompanyProfile': first('companies'),
  'accountsApi.updateAddress': `select user_id as id, id as second from addresses where user_id = ${PERSONAL} limit 1`,
  'accountsApi.rejectAccessRequest': first('access_requests'),
  'catalogApi.categoryUpdate': first('categories'),
  'catalogApi.premiumUpdate': first('premiums', `premium_type = 'WOOD_SPECIES'`),
  'catalogApi.premiumGroupUpdate': first('premium_groups'),
  'catalogApi.itemUpdate': first('line_items', 'not is_attachment'),
  'catalogApi.attachmentUpdate': first('line_items', 'is_attachment'),
  'catalogApi.groupUpdate': first('product_groups'),
  'catalogApi.subcategoryUpdate': first('subcategories'),
  'ordersApi.fix': first('orders'),
  'ordersApi.updateCustomDiscount': first('orders'),
  'ordersApi.updateOrderNote': first('orders'),
  'ordersApi.completeTodo': 'select order_id as id, id as second from order_todos order by id limit 1',
  'remakesApi.approve': first('remakes'),
  'remakesApi.reject': first('remakes'),
  'financeApi.paymentOptionUpdate': first('payment_options'),
  'financeApi.paymentRuleUpdate': first('payment_rules'),
  'financeApi.surchargeUpdate': first('surcharges'),
  'financeApi.boundDiscountUpdate': first('bound_discounts'),
  'financeApi.discountCodeUpdate': first('discount_codes'),
  'financeApi.customerUpdateOverdueInterest': `select ${PERSONAL} as id`,
  'financeApi.customerUpdateStorageFees': `select ${PERSONAL} as id`,
  'financeApi.companyUpdateOverdueInterest': first('companies'),
  'financeApi.companyUpdateStorageFees': first('companies'),
  'reportsApi.plannerUpdate': first('orders'),
  'invoicesApi.reverseCredit': first('credit_memos'),
  'invoicesApi.bankVerify': first('bank_accounts', `user_id = ${PERSONAL}`),
  'approvalsApi.updateCompanyApprovals': first('companies'),
  'proposalsApi.update': first('proposals', `customer_id = ${PERSONAL} and status = 'DRAFT'`),
  'proposalsApi.updateCompanySettings': first('companies'),
};

/** Parameters that are not ids. */
const NAMED: Record<string, Record<string, string>> = {
  'catalogApi.premiumUpdate': { kind: 'wood_species' },
  'emailApi.updateTemplate': { name: 'invitation' },
};

const patches = allContracts().filter(({ e }) => e.method === 'PATCH');

let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await setupTestApp();
  // The demo's orders, finance rules, remakes, invoices and banks: a row for every PATCH to name.
  await seed(t.handle.db, { demo: true, demoFinance: true, demoOrders: true, config: testConfig() });
  // The two the demo has none of: an access request and an order's to-do.
  await t.handle.db.execute(sql`insert into access_requests (email, first_name, last_name, account_type)
    values ('asks@demo.test', 'Ann', 'Asker', 'P')`);
  await t.handle.db.execute(
    sql`insert into order_todos (order_id, text) select min(id), 'Check the hinges' from orders`,
  );
  // A dealer's DRAFT proposal of one of the personal customer's orders (issue 37).
  await t.handle.db.execute(sql`insert into proposals (order_id, customer_id, company_id, token, client, markup,
      tax_rate, valid_until, order_version, subtotal, tax, total, cost_total)
    select id, customer_id, company_id, 'empty-patch-proposal', '{"name":"Ann","email":"ann@example.com"}', 0,
      0, '2999-01-01', version, 0, 0, 0, 0
    from orders where customer_id = (select id from users where email = 'personal@demo.test') limit 1`);
});
afterAll(() => t.close());

async function pathOf(key: string, e: Endpoint): Promise<string> {
  const names = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const params: Record<string, string | number> = { ...NAMED[key] };
  const ids = names.filter((name) => params[name] === undefined);
  if (ids.length > 0) {
    const query = ROWS[key];
    if (!query) throw new Error(`${key}: say in ROWS which row its ${ids.join(', ')} names`);
    const { rows } = (await t.handle.db.execute(sql.raw(query))) as unknown as {
      rows: { id: number | null; second?: number }[];
    };
    const [row] = rows;
    if (row?.id == null) throw new Error(`${key}: the seed has no row for ${query}`);
    params[ids[0] as string] = row.id;
    if (ids[1]) params[ids[1]] = row.second as number;
  }
  return buildPath(e.path, params);
}

it('covers every PATCH contract', () => {
  expect(patches.length).toBeGreaterThan(30);
});

it.each(patches)('$key: an empty PATCH answers 200 or 400 with a message', async ({ key, e }) => {
  const role = CALLER[key] ?? 'ADMIN';
  if (!tokens.has(role)) tokens.set(role, await t.login(role));
  const url = await pathOf(key, e);
  const authorization = `Token ${tokens.get(role)}`;
  const sends = [
    { name: '{}', headers: { authorization }, payload: {} },
    { name: 'no body', headers: { authorization } },
    { name: 'empty JSON body', headers: { authorization, 'content-type': 'application/json' }, payload: '' },
  ];
  for (const send of sends) {
    const res = await t.app.inject({ method: 'PATCH', url, headers: send.headers, payload: send.payload });
    const what = `${key} with ${send.name}: ${res.statusCode} ${res.body}`;
    expect([200, 400], what).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().message, what).toEqual(expect.any(String));
  }
});

it('an empty PATCH on a category or a premium group changes nothing', async () => {
  const authorization = `Token ${await t.login('ADMIN')}`;
  for (const [path, table] of [
    ['/api/catalog/category/', 'categories'],
    ['/api/catalog/premium_groups/', 'premium_groups'],
  ] as const) {
    const read = async () =>
      (
        (await t.handle.db.execute(sql.raw(`select * from ${table} order by id limit 1`))) as unknown as {
          rows: unknown[];
        }
      ).rows[0];
    const before = (await read()) as { id: number; name: string };
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${path}${before.id}/`,
      headers: { authorization },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: before.id, name: before.name });
    expect(await read()).toEqual(before);
  }
});
