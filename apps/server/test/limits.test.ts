import { allContracts, canAccess, catalogApi, type Endpoint, MSG, ROLES, type Role } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Every integer and id of every contract is bounded to its int4 column and every amount to
 * what an int4 of cents holds: past the bound the answer is 400 with the field named, never 500.
 * The walk finds the fields itself, so a new contract of these areas (API_CONTRACTS in
 * packages/shared/src/contracts.ts) is covered without listing it here.
 */
const AREAS = new Set([
  'authApi',
  'accountsApi',
  'auditApi',
  'coreApi',
  'catalogApi',
  'emailApi',
  'ordersApi',
  'productionApi',
]);

const TOO_BIG_INT = 2 ** 31;
const TOO_BIG_MONEY = '21474836.48';
const LONG_TEXT = 'x'.repeat(20_000);
/** A path segment is at most 1,024 characters (app.ts maxParamLength); longer URLs answer 414. */
const longTextFor = (c: { part: string }) => (c.part === 'params' ? 'x'.repeat(1000) : LONG_TEXT);
/** Longer than any text the product keeps (an e-mail template's body is the longest). */
const HUGE_TEXT = 'x'.repeat(1_000_000);

type Schema = z.ZodType & { _zod: { def: any } };
type Leaf = { path: (string | number)[]; schema: Schema };

/** Strips wrappers (optional, default, preprocess...) to see whether a field is an object or array. */
function unwrap(s: Schema): Schema {
  const def = s._zod.def;
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe') return unwrap(def.out.type === 'transform' ? def.in : def.out);
  return s;
}

/** The leaf fields of an input schema with their paths; array elements get index 0. */
function leaves(schema: Schema, path: (string | number)[] = []): Leaf[] {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  if (def.type === 'array') return leaves(def.element, [...path, 0]);
  return [{ path, schema }];
}

const ok = (s: Schema, v: unknown) => s.safeParse(v).success;
const leafOf = (c: { leaf: Schema }) => c.leaf;
type Kind = 'int' | 'money' | 'text' | null;
/** What a field holds, told by what it accepts (values as JSON or, for query and path, as strings). */
function kindOf(s: Schema, asString: boolean): Kind {
  const v = (x: number | string) => (asString ? String(x) : x);
  if (ok(s, v(1)) && ok(s, v(2)) && !ok(s, v(1.5)) && !ok(s, 'abc')) return 'int';
  // Amounts take two decimal places at most (lengths and phone numbers take more).
  if (ok(s, '1.50') && !ok(s, '1.505') && !ok(s, 'abc')) return 'money';
  if (ok(s, 'abc')) return 'text';
  return null;
}

function setAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [setAt(rest, value)] : { [head as string]: setAt(rest, value) };
}

/** A valid value for each path parameter, so only the field under test is wrong. */
function validParams(e: Endpoint): Record<string, string> {
  if (!e.params) return {};
  const out: Record<string, string> = {};
  for (const { path, schema } of leaves(e.params as Schema)) {
    out[path[0] as string] =
      ['999999', 'wood_species', 'invitation', '00000000-0000-4000-8000-000000000000'].find((v) => ok(schema, v)) ??
      'x';
  }
  return out;
}

interface Case {
  key: string;
  leaf: Schema;
  e: Endpoint;
  part: 'params' | 'query' | 'body';
  field: string;
  kind: Exclude<Kind, null>;
  path: (string | number)[];
}

const cases: Case[] = allContracts()
  .filter(({ key }) => AREAS.has(key.split('.')[0] as string))
  .flatMap(({ key, e }) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = e[part] as Schema | undefined;
      if (!schema) return [];
      return leaves(schema).flatMap(({ path, schema: leaf }) => {
        const kind = kindOf(leaf, part !== 'body');
        if (!kind || path.length === 0) return [];
        return [{ key, leaf, e, part, field: path.join('.'), kind, path }];
      });
    }),
  );

function request(c: Case, value: unknown) {
  const params = validParams(c.e);
  if (c.part === 'params') return { params: { ...params, [c.field]: String(value) } };
  if (c.part === 'query') return { params, query: { [c.path[0] as string]: String(value) } };
  return { params, body: setAt(c.path, value) };
}

let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await setupTestApp();
  for (const role of ROLES) tokens.set(role, await t.login(role));
});
afterAll(() => t.close());

/** A token of a role the endpoint admits (admin first), or none for a public endpoint. */
function tokenFor(e: Endpoint): string | null {
  if (e.access === 'public') return null;
  const role = (['ADMIN', ...ROLES] as Role[]).find((r) => canAccess(e.access, r));
  return role ? (tokens.get(role) ?? null) : null;
}

async function fieldErrors(c: Case, value: unknown) {
  const res = await t.call(c.e, { token: tokenFor(c.e), ...request(c, value) } as never);
  expect(res.status, `${c.key} ${c.part} ${c.field}: ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
  const fields = (res.body.fields ?? {}) as Record<string, string[]>;
  const found = Object.entries(fields).find(([k]) => k === c.field || k.endsWith(`.${c.field}`));
  expect(found, `${c.key} ${c.part} ${c.field}: ${JSON.stringify(res.body)}`).toBeDefined();
  return found?.[1] ?? [];
}

describe('bounds', () => {
  it('the walk finds the fields', () => {
    expect(cases.filter((c) => c.kind === 'int').length).toBeGreaterThan(40);
    expect(cases.filter((c) => c.kind === 'money').length).toBeGreaterThan(3);
    expect(cases.some((c) => c.part === 'params' && c.kind === 'int')).toBe(true);
  });

  it.each(cases.filter((c) => c.kind === 'int'))('$key $part $field refuses 2^31', async (c) => {
    expect(await fieldErrors(c, TOO_BIG_INT)).not.toContain(MSG.required);
  });

  it.each(cases.filter((c) => c.kind === 'money'))('$key $part $field refuses 21,474,836.48', async (c) => {
    expect(await fieldErrors(c, TOO_BIG_MONEY)).not.toContain(MSG.required);
  });

  it('every text field has a maximum length', () => {
    const unbounded = cases
      .filter((c) => c.kind === 'text' && ok(leafOf(c), HUGE_TEXT))
      .map((c) => `${c.key} ${c.field}`);
    expect(unbounded).toEqual([]);
  });

  it.each(cases.filter((c) => c.kind === 'text' && !ok(leafOf(c), longTextFor(c))))(
    '$key $part $field says a long text is too long',
    async (c) => {
      const res = await t.call(c.e, { token: tokenFor(c.e), ...request(c, longTextFor(c)) } as never);
      // The public telemetry calls take small bodies: the whole request is refused as too large.
      if (res.status === 413) return expect(res.body.message).toBe(MSG.payloadTooLarge);
      const messages = await fieldErrors(c, longTextFor(c));
      expect(messages.length).toBeGreaterThan(0);
      expect(messages).not.toContain(MSG.required);
    },
  );

  // Issue 15: "\ud800" once reached the database and answered 500 (or was stored as U+FFFD).
  it.each(cases.filter((c) => c.kind === 'text' && c.part === 'body'))(
    '$key $part $field refuses a lone surrogate',
    async (c) => {
      expect(await fieldErrors(c, 'half \ud800 a pair')).toEqual([MSG.textNotUnicode]);
    },
  );
});

describe('bound messages', () => {
  const INT_MAX = 2_147_483_647;

  it('an id past int4 names the bound', async () => {
    const admin = tokens.get('ADMIN');
    const res = await t.call(catalogApi.itemDetail, { token: admin, params: { id: TOO_BIG_INT } });
    expect(res.status).toBe(400);
    expect(res.body.fields.id).toEqual([MSG.numberTooLarge(INT_MAX)]);
  });

  it('money holds up to 21,474,836.47 and down to -21,474,836.48, no further', async () => {
    const admin = tokens.get('ADMIN');
    const cats = await t.call(catalogApi.categoryList, { token: admin, query: { page_size: '100' } });
    const category = cats.body.results.find((c: { name: string }) => c.name === 'Base Cabinets').id;
    const item = (code: string, price: string) => ({
      manufacturer_code: code,
      price,
      category,
      export_name_1: code,
    });
    const range = MSG.moneyOutOfRange('-21474836.48', '21474836.47');
    for (const price of [TOO_BIG_MONEY, '-21474836.49', '9999999999.99']) {
      const res = await t.call(catalogApi.itemCreate, { token: admin, body: item('LIM-X', price) });
      expect(res.status, price).toBe(400);
      expect(res.body.fields.price, price).toEqual([range]);
    }
    for (const [code, price] of [
      ['LIM-MAX', '21474836.47'],
      ['LIM-MIN', '-21474836.48'],
    ] as const) {
      const res = await t.call(catalogApi.itemCreate, { token: admin, body: item(code, price) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.price).toBe(price);
    }
  });

  it('a too long name says how long it may be', async () => {
    const admin = tokens.get('ADMIN');
    const res = await t.call(catalogApi.categoryCreate, {
      token: admin,
      body: { name: 'x'.repeat(201), category_type: 'LINE_ITEM' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.name).toEqual([MSG.textTooLong(200)]);
  });
});
