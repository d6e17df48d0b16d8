import { isNavGroup, NAV, WEB_ROUTES } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import { isRowId, isRowIdParam, rowIdParamsValid } from './routes.ts';

describe('row-id path parameters', () => {
  it('accepts a positive whole number an int4 id column holds', () => {
    for (const ok of ['1', '42', '2147483647']) expect(isRowId(ok), ok).toBe(true);
  });

  it('refuses anything else (no "NaN", no zero, no overflow, no signs or spaces)', () => {
    for (const bad of [undefined, '', 'abc', '0', '01', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999'])
      expect(isRowId(bad), String(bad)).toBe(false);
  });

  it('checks only the parameters that name a row', () => {
    expect(isRowIdParam('id')).toBe(true);
    expect(isRowIdParam('company_id')).toBe(true);
    expect(isRowIdParam('template_name')).toBe(false);
    expect(rowIdParamsValid({ template_name: 'invitation' })).toBe(true);
    expect(rowIdParamsValid({ id: '7', template_name: 'x' })).toBe(true);
    expect(rowIdParamsValid({ id: 'abc' })).toBe(false);
  });
});

describe('detail pages and the navigation', () => {
  it('every route that names a nav link names one that exists', () => {
    const links = new Set(NAV.flatMap((e) => (isNavGroup(e) ? e.children : [e])).map((l) => l.to));
    const named = WEB_ROUTES.filter((r) => r.nav !== undefined);
    expect(named.length).toBeGreaterThan(0);
    for (const route of named) expect(links.has(route.nav as string), route.path).toBe(true);
  });
});
