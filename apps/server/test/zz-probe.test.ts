import { ordersApi, buildPath } from '@cab/shared';
import { afterAll, beforeAll, it } from 'vitest';
import { type Fixture, makeOrder, setupFixture } from './orders-lifecycle-helpers.ts';
let f: Fixture;
beforeAll(async () => { f = await setupFixture(); });
afterAll(() => f.close());
it('probe', async () => {
  const o = await makeOrder(f, 'PERSONAL');
  const url = buildPath(ordersApi.clone.path, { id: o.id });
  const auth = { authorization: `Token ${f.tokens.PERSONAL}` };
  for (const [name, opts] of [
    ['none', { headers: auth }],
    ['{}', { headers: { ...auth, 'content-type': 'application/json' }, payload: '{}' }],
    ['empty json', { headers: { ...auth, 'content-type': 'application/json' }, payload: '' }],
    ['text/plain', { headers: { ...auth, 'content-type': 'text/plain' }, payload: '' }],
  ] as const) {
    const res = await f.t.app.inject({ method: 'POST', url, ...(opts as object) });
    console.log(name, res.statusCode, res.body.slice(0, 200));
  }
});
