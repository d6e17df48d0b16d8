import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceFamily, resourceKeys } from './queryKeys.ts';

describe('query keys', () => {
  it("a resource's keys nest: a detail and a list are under `all`, a list under `lists()`", () => {
    const keys = resourceKeys('catalog', 'premiums', 'wood_species');
    expect(keys.detail(7)).toEqual(['catalog', 'premiums', 'wood_species', 'detail', 7]);
    expect(keys.list({ page: 2 })).toEqual(['catalog', 'premiums', 'wood_species', 'list', { page: 2 }]);
    expect(keys.lists()).toEqual(['catalog', 'premiums', 'wood_species', 'list']);
  });

  it('a family names each resource under its scope, and `all` reaches every one of them', () => {
    const family = resourceFamily('invoices', ['payments', 'banks']);
    expect(family.all).toEqual(['invoices']);
    expect(family.payments.detail(3)).toEqual(['invoices', 'payments', 'detail', 3]);
    expect(family.banks.lists()).toEqual(['invoices', 'banks', 'list']);
    expect(Object.keys(family).sort()).toEqual(['all', 'banks', 'payments']);
  });

  it("invalidating one resource of a family leaves its siblings' caches fresh", async () => {
    const family = resourceFamily('accounts', ['staff', 'staffing']);
    const client = new QueryClient();
    client.setQueryData(family.staff.list({ page: 1 }), ['a']);
    client.setQueryData(family.staffing.list({ page: 1 }), ['b']);
    await client.invalidateQueries({ queryKey: family.staff.all });
    expect(client.getQueryState(family.staff.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(family.staffing.list({ page: 1 }))?.isInvalidated).toBe(false);
    await client.invalidateQueries({ queryKey: family.all });
    expect(client.getQueryState(family.staffing.list({ page: 1 }))?.isInvalidated).toBe(true);
  });
});
