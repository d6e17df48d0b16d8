import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './fixtures.ts';

/** Orders made through the API for the builder's browser tests (order-builder*.spec.ts). */

interface LineSpec {
  code: string;
  qty?: number;
  attachments?: string[];
}

/** A BID for the demo personal customer through the API: groups of lines by code, attachments after their parent. */
export async function createOrderByApi(
  request: APIRequestContext,
  name: string,
  groups: LineSpec[][],
): Promise<number> {
  const login = await request.post('/api/users/token/', {
    data: { email: DEMO_USERS.PERSONAL, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Token ${token}` };
  const ids = new Map<string, number>();
  const idOf = async (code: string, attachment: boolean) => {
    const known = ids.get(code);
    if (known !== undefined) return known;
    const list = attachment ? 'attachments' : 'items';
    const answer = await request.get(`/api/catalog/${list}/?manufacturer_code=${encodeURIComponent(code)}`, {
      headers,
    });
    const found = ((await answer.json()) as { results: { id: number; manufacturer_code: string }[] }).results.find(
      (i) => i.manufacturer_code === code,
    );
    expect(found, code).toBeDefined();
    ids.set(code, found?.id as number);
    return found?.id as number;
  };
  let n = 0;
  const wireGroups = [];
  for (const [g, lines] of groups.entries()) {
    const items = [];
    for (const line of lines) {
      const parent = `e2e${n++}`;
      items.push({ _id: parent, line_item: await idOf(line.code, false), qty: line.qty ?? 1, is_attachment: false });
      for (const code of line.attachments ?? []) {
        items.push({
          _id: `e2e${n++}`,
          line_item: await idOf(code, true),
          qty: 1,
          is_attachment: true,
          parentId: parent,
        });
      }
    }
    wireGroups.push({ name: `Group ${g + 1}`, premiums: {}, items });
  }
  const created = await request.post('/api/orders/', {
    headers,
    data: { name: `${name} ${Date.now().toString(36)}`, groups: wireGroups },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
