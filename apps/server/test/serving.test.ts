import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { authApi, catalogApi, coreApi, ERROR_CODES, MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/** Serving on a shop's LAN (issue 8): plain HTTP works, proxies are trusted only when configured. */
describe('security headers over plain HTTP and HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(() => t.close());

  it('a plain-HTTP request gets no HSTS and no upgrade-insecure-requests (a LAN address must work)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: '192.168.1.20:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it("every page, a page's 404 and every file the API answers carry the whole set of security headers", async () => {
    const expected = {
      'content-security-policy': [
        "default-src 'self'",
        "base-uri 'self'",
        "font-src 'self' data:",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "img-src 'self' data: blob:",
        "object-src 'none'",
        "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        // The DYMO label service's ten ports on the user's computer, and no other local port.
        `connect-src 'self' ${Array.from({ length: 10 }, (_, i) => `https://127.0.0.1:${41951 + i}`).join(' ')} https://api.stripe.com`,
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
      ].join(';'),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const admin = { authorization: `Token ${await t.login('ADMIN')}` };
    for (const url of ['/login', '/nope/deeper', '/api/docs', '/api/catalog/items/export_csv/']) {
      const headers = url.startsWith('/api/catalog') ? admin : undefined;
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-request-id'], url).toEqual(expect.any(String));
    }
  });

  it("the API's JSON answers, its 404s and refusals too, carry the API's set: nothing runs, loads or frames", async () => {
    for (const [url, status] of [
      ['/api/core/config/', 200],
      ['/api/nope/', 404],
      ['/api/orders/', 401],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['x-request-id'], url).toEqual(expect.any(String));
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('the policy admits Stripe.js (script, frames, its API) and nothing else of Stripe, on every answer', async () => {
    // Issue 27: with `script-src 'self'` and no frame-src the browser refused js.stripe.com, so no
    // card could be taken. Exactly what Stripe.js needs is added, directive by directive.
    for (const url of ['/login', '/invoices/milestone/1/pay', '/settings/banks']) {
      const res = await t.app.inject({ method: 'GET', url });
      const directives: Record<string, string[]> = Object.fromEntries(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources]),
      );
      expect(directives['script-src'], url).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(directives['frame-src'], url).toEqual([
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(directives['connect-src'], url).toEqual([
        "'self'",
        ...Array.from({ length: 10 }, (_, i) => `https://127.0.0.1:${41951 + i}`),
        'https://api.stripe.com',
      ]);
      expect(directives['default-src'], url).toEqual(["'self'"]);
      // No other directive names Stripe (no wildcard *.stripe.com, no m.stripe.network).
      const others = Object.entries(directives).filter(
        ([name]) => !['script-src', 'frame-src', 'connect-src'].includes(name),
      );
      expect(
        others.flatMap(([, sources]) => sources).filter((s) => s.includes('stripe')),
        url,
      ).toEqual([]);
    }
  });

  it('without TRUST_PROXY, X-Forwarded-Proto and X-Forwarded-For are ignored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/core/config/',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

/** A test app that answers the client IP Fastify sees for a request claiming X-Forwarded-For. */
async function ipApp(config: Parameters<typeof setupTestApp>[0] = {}) {
  const t = await setupTestApp(config, (app) => {
    app.get('/api/test-ip', { config: { access: 'public' } }, async (req) => ({ ip: req.ip }));
  });
  const ipSeenFrom = async (remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/test-ip',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress,
      })
    ).json().ip;
  return { t, ipSeenFrom };
}

describe('without a configured proxy, or on an HTTPS-only site', () => {
  let app: Awaited<ReturnType<typeof ipApp>>;
  beforeAll(async () => {
    app = await ipApp();
  });
  afterAll(() => app.t.close());

  it('X-Forwarded-For does not choose the client IP', async () => {
    expect(await app.ipSeenFrom('10.0.0.5')).toBe('10.0.0.5');
  });

  it('HTTPS_ONLY sends HSTS and upgrade-insecure-requests even on a plain-HTTP request', async () => {
    const secure = await setupTestApp({ httpsOnly: true });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/);
      // An API call's answer is not a document: HSTS, and the API's policy as it is.
      const call = await secure.app.inject({ method: 'GET', url: '/api/core/config/' });
      expect(call.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(call.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await secure.close();
    }
  });
});

describe('behind a configured proxy', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof ipApp>>;
  beforeAll(async () => {
    app = await ipApp({ trustProxy: '127.0.0.1' });
    t = app.t;
  });
  afterAll(() => t.close());

  it('an HTTPS request through the trusted proxy gets HSTS and upgrade-insecure-requests', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('X-Forwarded-For counts only from the trusted proxy', async () => {
    expect(await app.ipSeenFrom('127.0.0.1')).toBe('203.0.113.9');
    expect(await app.ipSeenFrom('10.0.0.7')).toBe('10.0.0.7');
  });
});

describe('the caller is authorised before its input is validated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(() => t.close());

  it('no token on an admin write with a bad body: 401, not the field list', async () => {
    const res = await t.call(catalogApi.categoryCreate, { body: { name: '' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ERROR_CODES.notAuthenticated);
    expect(res.body.fields).toBeUndefined();
  });

  it("a customer's token on an admin write with a bad body: 403", async () => {
    const token = await t.login('PERSONAL');
    const res = await t.call(coreApi.patchSettings, { token, body: { lead_time: 'soon' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERROR_CODES.permissionDenied);
    expect(res.body.fields).toBeUndefined();
  });

  it('a body that is not JSON, or not the declared type, is refused for who may not call: 401, 403', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: catalogApi.categoryCreate.path, headers, payload });
    const json = { 'content-type': 'application/json' };
    const noToken = await post(json, '{"name": ');
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().code).toBe(ERROR_CODES.notAuthenticated);
    const customer = { authorization: `Token ${await t.login('PERSONAL')}` };
    const asCustomer = await post({ ...json, ...customer }, '{"name": ');
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe(ERROR_CODES.permissionDenied);
    const otherType = await post({ 'content-type': 'application/x-unknown', ...customer }, 'x');
    expect(otherType.statusCode).toBe(403);
    // An admin learns what is wrong with the body.
    const admin = { authorization: `Token ${await t.login('ADMIN')}` };
    expect((await post({ ...json, ...admin }, '{"name": ')).statusCode).toBe(400);
  });

  it('an admin still gets the field errors', async () => {
    const token = await t.login('ADMIN');
    const res = await t.call(catalogApi.categoryCreate, { token, body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toBeDefined();
  });
});

describe('the built web app: precompressed, hashed assets cached for a year', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'cab-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script src="/assets/app-3f2a9c.js"></script>');
    writeFileSync(path.join(dist, 'assets/app-3f2a9c.js'), script);
    writeFileSync(path.join(dist, 'assets/app-3f2a9c.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/app-3f2a9c.js.gz'), gzipSync(script));
    t = await setupTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip file the browser accepts, marked immutable', async () => {
    const br = await t.app.inject({
      url: '/assets/app-3f2a9c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app-3f2a9c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/app-3f2a9c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('index.html is revalidated on every load, at / and at any app route', async () => {
    for (const url of ['/', '/catalog/items', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('a NUL byte in any text is refused with 400, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(() => t.close());

  it('in a body, a query and a public form', async () => {
    const admin = await t.login('ADMIN');
    const body = await t.call(catalogApi.categoryCreate, { token: admin, body: { name: 'Bad\u0000name' } });
    expect(body.status).toBe(400);
    expect(body.body.fields).toEqual({ name: [MSG.textHasNul] });
    const query = await t.call(catalogApi.itemList, { token: admin, query: { description: 'x\u0000' } });
    expect(query.status).toBe(400);
    expect(query.body.fields).toEqual({ description: [MSG.textHasNul] });
    const login = await t.call(authApi.login, { body: { email: 'a\u0000@demo.test', password: 'whatever1' } });
    expect(login.status).toBe(400);
    expect(login.body.fields).toEqual({ email: [MSG.textHasNul] });
  });
});
