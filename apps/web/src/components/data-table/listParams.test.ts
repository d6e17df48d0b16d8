import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPatch,
  changedParams,
  paramName,
  positiveInt,
  readParams,
  readRemembered,
  remember,
  urlPatch,
} from './listParams.ts';

const DEFAULTS = { page: '1', page_size: '50', search: '' };

describe('list parameters in the URL', () => {
  it('names parameters with the list prefix where a screen shows several lists', () => {
    expect(paramName(undefined, 'page')).toBe('page');
    expect(paramName('staff', 'search')).toBe('staff.search');
  });

  it('reads only the list’s own parameters, and null when none is there', () => {
    expect(readParams(new URLSearchParams('tab=staff&other=1'), DEFAULTS)).toBeNull();
    expect(readParams(new URLSearchParams('staff.search=Ann&search=x'), DEFAULTS, 'staff')).toEqual({ search: 'Ann' });
    expect(readParams(new URLSearchParams('status='), { status: 'PENDING' })).toEqual({ status: '' });
  });

  it('keeps only values that differ from the defaults, and removes a default from the URL', () => {
    expect(changedParams({ page: '1', page_size: '10', search: '', stray: 'x' }, DEFAULTS)).toEqual({
      page_size: '10',
    });
    expect(urlPatch({ page: '1', search: 'Ann' }, DEFAULTS, 'p')).toEqual({ 'p.page': null, 'p.search': 'Ann' });
  });

  it('applies a patch and keeps the other parameters of the address', () => {
    expect(applyPatch('tab=business&page=3', { page: null, search: 'Acme Kitchens' })).toBe(
      'tab=business&search=Acme+Kitchens',
    );
    expect(applyPatch('', { page: null })).toBe('');
  });

  it('takes a page or page size only as a positive integer under the limit', () => {
    expect(positiveInt('3', 1)).toBe(3);
    expect(positiveInt(undefined, 1)).toBe(1);
    expect(positiveInt('0', 1)).toBe(1);
    expect(positiveInt('2.5', 1)).toBe(1);
    expect(positiveInt('-2', 1)).toBe(1);
    expect(positiveInt('abc', 50)).toBe(50);
    expect(positiveInt('249', 50, 250)).toBe(249);
    expect(positiveInt('250', 50, 250)).toBe(50);
  });
});

describe('the remembered state of a list', () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  afterEach(() => {
    store.clear();
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('round-trips through sessionStorage and ignores what is not a string map', () => {
    Object.assign(globalThis, { window: { sessionStorage: storage } });
    expect(readRemembered('accounts.users')).toEqual({});
    remember('accounts.users', { tab: 'business' });
    expect(readRemembered('accounts.users')).toEqual({ tab: 'business' });
    store.set('cab.list.bad', JSON.stringify({ tab: 3, search: 'x' }));
    expect(readRemembered('bad')).toEqual({ search: 'x' });
    store.set('cab.list.worse', '[not json');
    expect(readRemembered('worse')).toEqual({});
  });

  it('lasts for the page only when storage is unavailable', () => {
    Object.assign(globalThis, {
      window: {
        sessionStorage: {
          getItem: () => {
            throw new Error('denied');
          },
          setItem: () => {
            throw new Error('denied');
          },
        },
      },
    });
    expect(() => remember('x', { page: '2' })).not.toThrow();
    expect(readRemembered('x')).toEqual({});
  });
});
