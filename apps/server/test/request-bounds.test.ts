import { schema } from '@cab/db';
import {
  authApi,
  buildPath,
  type Cents,
  catalogApi,
  type Endpoint,
  ERROR_CODES,
  MSG,
  ORDER_LIMITS,
  ORDER_TEXT,
  ordersApi,
  REQUEST_LIMITS,
} from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPart, multipart } from './catalog-helpers.ts';
import { setupTestApp, startInsideRateWindow, type TestApp } from './helpers.ts';
import { noPremiums } from './orders-fixtures.ts';
import {
  type Fixture,
  filePart,
  makeOrder,
  orderRow,
  send,
  setupFixture,
  submit,
  submitForm,
} from './orders-lifecycle-helpers.ts';

/**
 * What a probe of the API found (issue 15): inputs that answered 500 and sizes nothing bounded.
 * Each answers 400 (429 for the rate) with a clear message now, and changes nothing.
 */

let f: Fixture;
beforeAll(async () => {
  f = await setupFixture();
});
afterAll(() => f.close());

const line = (id: string, lineItem: number) => ({ _id: id, line_item: lineItem, qty: 1, is_attachment: false });

describe('an empty order when a small-order fee applies to $0.00', () => {
  let cheapItem: number;
  beforeAll(async () => {
    const db = f.t.handle.db;
    // The demo's fee: $75.00 on orders below $500.00.
    await db
      .insert(schema.surcharges)
      .values({ name: 'Small order fee', amount: 7500 as Cents, appliesBelow: 50000 as Cents });
    const [row] = await db
      .insert(schema.lineItems)
      .values({ manufacturerCode: 'RB-CHEAP', exportName1: 'RB-CHEAP', priceCents: 10000 as Cents })
      .returning();
    cheapItem = row!.id;
  });
  afterAll(async () => {
    await f.t.handle.db.delete(schema.surcharges);
  });

  const expectEmpty = (order: any) => {
    expect(order.subtotal).toBe('0.00');
    expect(order.surcharge).toBe('0.00');
    expect(order.total_price).toBe('0.00');
  };

  it('is created from a name alone, charged nothing', async () => {
    const res = await f.t.call(ordersApi.create, { token: f.tokens.PERSONAL, body: { name: 'x' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectEmpty(res.body);
  });

  it("a new draft's first save with an empty group is charged nothing", async () => {
    const res = await f.t.call(ordersApi.create, {
      token: f.tokens.PERSONAL,
      body: { name: 'Draft', groups: [{ name: 'Group 1', premiums: noPremiums, items: [] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectEmpty(res.body);
  });

  it('PUT groups [] empties an order, and an empty add_group keeps it at $0.00', async () => {
    const created = await f.t.call(ordersApi.create, {
      token: f.tokens.PERSONAL,
      body: { name: 'Small', groups: [{ name: 'G', premiums: noPremiums, items: [line('a', cheapItem)] }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // With a line, the fee is charged as before: $100.00 + $75.00.
    expect(created.body.surcharge).toBe('75.00');
    expect(created.body.total_price).toBe('175.00');

    const id = created.body.id;
    const emptied = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.PERSONAL,
      params: { id },
      body: { groups: [] },
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expectEmpty(emptied.body);

    const added = await f.t.call(ordersApi.addGroup, {
      token: f.tokens.PERSONAL,
      params: { id },
      body: { name: 'Later', premiums: noPremiums, items: [] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expectEmpty(added.body);
    expect(added.body.groups).toHaveLength(1);

    const withLine = await f.t.call(ordersApi.addGroup, {
      token: f.tokens.PERSONAL,
      params: { id },
      body: { name: 'Cheap', premiums: noPremiums, items: [line('b', cheapItem)] },
    });
    expect(withLine.status, JSON.stringify(withLine.body)).toBe(200);
    expect(withLine.body.surcharge).toBe('75.00');
    expect(withLine.body.total_price).toBe('175.00');
  });
});

/** `{"<key>": [[[...]]]}` nested `depth` levels below the key. */
const nested = (key: string, depth: number) => `{"${key}":${'['.repeat(depth)}${']'.repeat(depth)}}`;

async function rawJson(endpoint: Endpoint, params: Record<string, number>, payload: string, token?: string) {
  const res = await f.t.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('deeply nested JSON', () => {
  const tooDeep = MSG.jsonTooDeep(REQUEST_LIMITS.jsonDepth);

  it('6 KB of nesting on the anonymous sign-in answers 400, not a stack overflow', async () => {
    const payload = nested('email', 3000);
    expect(payload.length).toBeLessThan(7000);
    const res = await rawJson(authApi.login, {}, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: ERROR_CODES.validation, message: tooDeep });
  });

  it('on an order endpoint too, and the order is unchanged', async () => {
    const order = await makeOrder(f);
    const before = await orderRow(f, order.id);
    const res = await rawJson(ordersApi.replaceGroups, { id: order.id }, nested('groups', 3000), f.tokens.PERSONAL);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: ERROR_CODES.validation, message: tooDeep });
    expect(await orderRow(f, order.id)).toEqual(before);
    // Far deeper (1 MB of brackets, the body limit) is refused the same way.
    const deeper = await rawJson(ordersApi.create, {}, nested('groups', 400_000), f.tokens.PERSONAL);
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toBe(tooDeep);
  });

  it('nesting up to the bound reaches validation as before', async () => {
    const res = await rawJson(authApi.login, {}, nested('email', REQUEST_LIMITS.jsonDepth - 1));
    expect(res.status).toBe(400);
    expect(res.body.message).not.toBe(tooDeep);
    expect(res.body.fields.email).toBeDefined();
  });
});

describe('malformed multipart', () => {
  const boundary = 'cabBoundary42';
  const head = (name: string | null, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data${name === null ? '' : `; name="${name}"`}${
      filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ''
    }\r\n\r\n`;
  /** The three shapes the probe sent, each with what the answer must say. */
  const shapes = (fileField: string) => [
    {
      shape: 'truncated',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `${head(fileField, 'a.csv')}code,price\r\nAB,1`,
      message: MSG.multipartTruncated,
    },
    {
      shape: 'no boundary',
      contentType: 'multipart/form-data',
      payload: `${head(fileField, 'a.csv')}abc\r\n--${boundary}--\r\n`,
      message: MSG.multipartNoBoundary,
    },
    {
      shape: 'a field part without a name',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `${head(null)}value\r\n--${boundary}--\r\n`,
      message: MSG.multipartPartWithoutName,
    },
    {
      shape: 'a file part without a name',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: `${head(null, 'a.csv')}abc\r\n--${boundary}--\r\n`,
      message: MSG.multipartPartWithoutName,
    },
  ];

  async function post(
    endpoint: Endpoint,
    params: Record<string, number>,
    token: string,
    s: ReturnType<typeof shapes>[number],
  ) {
    const res = await f.t.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, params),
      headers: { 'content-type': s.contentType, authorization: `Token ${token}` },
      payload: s.payload,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const expect400 = (res: { status: number; body: any }, message: string, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: ERROR_CODES.validation, message, fields: { [field]: [message] } });
  };

  it.each(shapes('supplement_documentation'))('submit: $shape', async (s) => {
    const order = await makeOrder(f);
    expect400(
      await post(ordersApi.submit, { id: order.id }, f.tokens.PERSONAL, s),
      s.message,
      'supplement_documentation',
    );
    expect((await orderRow(f, order.id)).status).toBe('BID');
  });

  it.each(shapes('files'))('add_files: $shape', async (s) => {
    const order = await makeOrder(f);
    expect400(await post(ordersApi.addFiles, { id: order.id }, f.tokens.PERSONAL, s), s.message, 'files');
    const listed = await f.t.call(ordersApi.files, { token: f.tokens.PERSONAL, params: { id: order.id } });
    expect(listed.body.results).toEqual([]);
  });

  it.each(shapes('files'))('add_status_docs: $shape', async (s) => {
    const order = await makeOrder(f);
    expect400(await post(ordersApi.addStatusDocs, { id: order.id }, f.tokens.ADMIN, s), s.message, 'files');
  });

  it.each(shapes('file'))('line items import_csv: $shape', async (s) => {
    const count = async () => (await f.t.handle.db.select().from(schema.lineItems)).length;
    const before = await count();
    expect400(await post(catalogApi.itemImportCsv, {}, f.tokens.ADMIN, s), s.message, 'file');
    expect(await count()).toBe(before);
  });

  it.each(shapes('file'))('attachments and premiums import_csv: $shape', async (s) => {
    expect400(await post(catalogApi.attachmentImportCsv, {}, f.tokens.ADMIN, s), s.message, 'file');
    const premiums = await post(catalogApi.premiumImportCsv, { kind: 'wood_species' } as never, f.tokens.ADMIN, s);
    expect400(premiums, s.message, 'file');
  });

  it('well-formed uploads still work', async () => {
    const order = await makeOrder(f);
    const added = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: order.id }, [filePart('a.pdf', 'x')]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const submitted = await submit(f, f.tokens.PERSONAL, order.id, submitForm(f));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const { payload, headers } = multipart([csvPart('manufacturer_code\n')]);
    const csv = await f.t.app.inject({
      method: 'POST',
      url: catalogApi.itemImportCsv.path,
      headers: { ...headers, authorization: `Token ${f.tokens.ADMIN}` },
      payload,
    });
    expect(csv.statusCode).not.toBe(500);
  });

  it('a route that takes no upload refuses a multipart body with 415 and changes nothing', async () => {
    const count = async () => (await f.t.handle.db.select().from(schema.orders)).length;
    const before = await count();
    const { payload, headers } = multipart([{ name: 'name', value: 'By form' }]);
    const res = await f.t.app.inject({
      method: 'POST',
      url: ordersApi.create.path,
      headers: { ...headers, authorization: `Token ${f.tokens.PERSONAL}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ code: 'fst_err_ctp_invalid_media_type' });
    expect(await count()).toBe(before);
  });
});

describe('a lone surrogate in text', () => {
  const bad = 'half a pair \ud800 here';
  const refused = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(ERROR_CODES.validation);
    expect(res.body.fields[field]).toEqual([MSG.textNotUnicode]);
  };

  it('in a comment, a note, a to-do, a decline reason and a group name: 400 on the field', async () => {
    const order = await makeOrder(f);
    const id = order.id;
    const token = f.tokens.ADMIN;
    refused(await f.t.call(ordersApi.addComment, { token, params: { id }, body: { text: bad } }), 'text');
    refused(await f.t.call(ordersApi.updateOrderNote, { token, params: { id }, body: { note: bad } }), 'note');
    refused(await f.t.call(ordersApi.addTodo, { token, params: { id }, body: { text: bad } }), 'text');
    refused(
      await f.t.call(ordersApi.replaceGroups, {
        token,
        params: { id },
        body: { groups: [{ name: bad, premiums: noPremiums, items: [] }] },
      }),
      'groups.0.name',
    );
    refused(await f.t.call(ordersApi.create, { token: f.tokens.PERSONAL, body: { name: bad } }), 'name');
    // A trailing high surrogate and a lone low one are refused too; a real pair (an emoji) is text.
    refused(await f.t.call(ordersApi.addComment, { token, params: { id }, body: { text: 'end \ud83d' } }), 'text');
    refused(await f.t.call(ordersApi.addComment, { token, params: { id }, body: { text: '\udc00 start' } }), 'text');
    const fine = await f.t.call(ordersApi.addComment, { token, params: { id }, body: { text: 'fine \ud83d\ude00' } });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);

    const ordered = await makeOrder(f);
    expect((await submit(f, f.tokens.PERSONAL, ordered.id, submitForm(f))).status).toBe(200);
    refused(await f.t.call(ordersApi.decline, { token, params: { id: ordered.id }, body: { reason: bad } }), 'reason');
    expect((await orderRow(f, ordered.id)).status).toBe('ORDERED');
  });

  it('a surrogate pair (an emoji) in a file name is text and is kept', async () => {
    const order = await makeOrder(f);
    const added = await send(f, ordersApi.addFiles, f.tokens.PERSONAL, { id: order.id }, [
      filePart('plan \ud83d\ude00.pdf', 'x'),
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.results[0].name).toBe('plan \ud83d\ude00.pdf');
  });
});

describe('lines per order', () => {
  const max = ORDER_LIMITS.lines;
  const group = (prefix: string, n: number) => ({
    name: prefix,
    premiums: noPremiums,
    items: Array.from({ length: n }, (_, i) => line(`${prefix}${i}`, f.plainItem)),
  });

  it(`refuses more than ${max} lines across groups, on create and on PUT groups`, async () => {
    const half = Math.ceil((max + 1) / 2);
    const over = [group('a', half), group('b', max + 1 - half)];
    const created = await f.t.call(ordersApi.create, { token: f.tokens.PERSONAL, body: { name: 'Big', groups: over } });
    expect(created.status).toBe(400);
    expect(created.body.fields.groups).toEqual([ORDER_TEXT.tooManyLines(max)]);

    const order = await makeOrder(f);
    const put = await f.t.call(ordersApi.replaceGroups, {
      token: f.tokens.PERSONAL,
      params: { id: order.id },
      body: { groups: over },
    });
    expect(put.status).toBe(400);
    expect(put.body.fields.groups).toEqual([ORDER_TEXT.tooManyLines(max)]);
    expect((await orderRow(f, order.id)).itemCount).toBe(1);
  });

  it(`add_group refuses a group that takes the order past ${max} lines, and accepts one that reaches it`, async () => {
    const order = await makeOrder(f); // 1 line
    const id = order.id;
    const full = await f.t.call(ordersApi.addGroup, {
      token: f.tokens.PERSONAL,
      params: { id },
      body: group('x', max - 1),
    });
    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(200);
    const over = await f.t.call(ordersApi.addGroup, { token: f.tokens.PERSONAL, params: { id }, body: group('y', 1) });
    expect(over.status).toBe(400);
    expect(over.body.fields.items).toEqual([ORDER_TEXT.tooManyLines(max)]);
    expect((await orderRow(f, id)).itemCount).toBe(max);
  });
});

describe('order writes are rate limited per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ orderWriteRateLimitPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 rate_limited past the limit, for that user only; reads are not counted', async () => {
    const personal = await t.login('PERSONAL');
    const manager = await t.login('BUSINESS_MANAGER');
    await startInsideRateWindow();
    const create = (token: string) => t.call(ordersApi.create, { token, body: { name: 'Rate' } });
    const first = await create(personal);
    expect(first.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await t.call(ordersApi.detail, { token: personal, params: { id: first.body.id } })).status).toBe(200);
    }
    expect((await create(personal)).status).toBe(201);
    const third = await t.call(ordersApi.addComment, {
      token: personal,
      params: { id: first.body.id },
      body: { text: 'hello' },
    });
    expect(third.status).toBe(201);
    const refused = await create(personal);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: ERROR_CODES.rateLimited, message: MSG.orderWritesRateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was written by the refused call.
    const list = await t.call(ordersApi.list, { token: personal, query: { name: 'Rate' } });
    expect(list.body.total).toBe(2);
    // Another user has a budget of their own.
    expect((await create(manager)).status).toBe(201);
  });
});
