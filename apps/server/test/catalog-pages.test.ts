import { MSG } from '@cab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: String(res.headers['content-type']), html: res.body };
};

describe('server-hosted catalogue pages (no sign-in, they open in a new tab)', () => {
  it('template/catalog/ shows categories, subcategories and product groups with pictures', async () => {
    const res = await get('/template/catalog/');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/html');
    expect(res.html).toContain('<h2>Base Cabinets</h2>');
    expect(res.html).toMatch(/<a href="\/template\/catalog\/group\/\d+\/">Sink Bases<\/a>/);
    expect(res.html).toContain('<img src="/api/media/');
    expect(res.html).toContain('@media print');
  });

  it('a group page prints itself with ?print=true', async () => {
    const plain = await get('/template/catalog/group/1/');
    expect(plain.status).toBe(200);
    expect(plain.html).not.toContain('/template/print.js');
    const print = await get('/template/catalog/group/1/?print=true');
    expect(print.html).toContain('<script src="/template/print.js" defer></script>');
    expect((await get('/template/print.js')).html).toContain('window.print()');
  });

  it('an unknown or malformed group answers the HTML not-found page, not the API error', async () => {
    for (const url of [
      '/template/catalog/group/999999/',
      '/template/catalog/group/abc/',
      '/template/catalog/group/2147483648/',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.type, url).toContain('text/html');
      expect(res.html, url).toContain(MSG.pageNotFound);
      expect(res.html, url).toContain('<a href="/template/catalog/">');
    }
  });

  it('the 2020 catalogue lists line item codes', async () => {
    const res = await get('/template/catalog/2020/');
    expect(res.status).toBe(200);
    expect(res.html).toContain('<td>SB30</td>');
    expect(res.html).toContain('<td>W3042</td>');
  });

  it('escapes what admins typed', async () => {
    const token = await t.login('ADMIN');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/catalog/group/1/',
      headers: { authorization: `Token ${token}` },
      payload: { note: '<script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(200);
    const page = await get('/template/catalog/group/1/');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).not.toContain('<script>alert(1)</script>');
  });
});
