import { labelsApi, ordersApi, remakesApi } from '@cab/shared';
import type { TestApp } from './helpers.ts';
import { fullGroup, orderCatalogue, roleUserId, setOrder } from './orders-fixtures.ts';

/**
 * The labels and remakes tests' order: the orders tests' small catalogue and its clean group
 * (a base cabinet x2 with one adjustable shelf each, a wall cabinet, an attachment x3), created
 * by an admin for the personal customer and put in production (VERIFIED) directly.
 */
const catalogues = new WeakMap<TestApp, ReturnType<typeof orderCatalogue>>();

export async function productionOrder(t: TestApp, admin: string, status = 'VERIFIED') {
  if (!catalogues.has(t)) catalogues.set(t, orderCatalogue(t));
  const c = await (catalogues.get(t) as ReturnType<typeof orderCatalogue>);
  const res = await t.call(ordersApi.create, {
    token: admin,
    body: { name: 'Label & <test> kitchen', customer: await roleUserId(t, 'PERSONAL'), groups: [fullGroup(c)] },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  await setOrder(t, res.body.id, { status: status as 'VERIFIED' });
  return { id: res.body.id as number, catalogue: c };
}

/** Samples for the access matrix (access.test.ts): ids that do not exist, so permitted calls change nothing. */
export function labelsAndRemakesSamples(): Record<
  string,
  { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown }
> {
  const none = 999_999;
  const samples: Record<
    string,
    { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown }
  > = {
    'labelsApi.dymoXmls': { params: { id: none }, query: { mode: 'cabinet' } },
    'labelsApi.shelfList': { params: { id: none } },
    'labelsApi.labelPrints': { params: { id: none } },
    'labelsApi.printList': { body: { order: none, mode: 'cabinet' } },
    // A session id is kept as given: the permitted call records a print (a harmless row).
    'labelsApi.printSession': { body: { session: none } },
    'remakesApi.request': {
      params: { id: none },
      body: { items: [{ barcode: `${none}-01-1` }], reason: 'Production defect', source: 'SHOP', notes: '' },
    },
    'remakesApi.ofOrder': { params: { id: none } },
    'remakesApi.list': {},
    'remakesApi.approve': { params: { id: none }, body: {} },
    'remakesApi.reject': { params: { id: none }, body: { reason: 'x' } },
  };
  // Every contract named once (a new endpoint without a sample fails the matrix's 400 check).
  for (const [area, api] of Object.entries({ labelsApi, remakesApi })) {
    for (const name of Object.keys(api)) samples[`${area}.${name}`] ??= {};
  }
  return samples;
}
