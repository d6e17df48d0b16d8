import { describe, expect, it } from 'vitest';
import { canAccess, deriveRole, isCustomer, type RoleFlags } from './roles.ts';

const flags = (over: Partial<RoleFlags>): RoleFlags => ({
  account_type: null,
  is_staff: false,
  is_employee: false,
  is_manager: false,
  ...over,
});

describe('deriveRole (SPEC 6)', () => {
  it.each([
    [flags({ is_staff: true }), 'ADMIN'],
    [flags({ is_staff: true, is_employee: true, account_type: 'B', is_manager: true }), 'ADMIN'],
    [flags({ is_employee: true }), 'STAFF'],
    [flags({ is_employee: true, account_type: 'P' }), 'STAFF'],
    [flags({ account_type: 'B', is_manager: true }), 'BUSINESS_MANAGER'],
    [flags({ account_type: 'B' }), 'BUSINESS_EMPLOYEE'],
    [flags({ account_type: 'P' }), 'PERSONAL'],
    [flags({ account_type: 'P', is_manager: true }), 'PERSONAL'],
    [flags({}), null],
    [flags({ is_manager: true }), null],
  ])('%o -> %s', (user, role) => {
    expect(deriveRole(user)).toBe(role);
  });

  it('a customer is a non-staff, non-employee personal or business account', () => {
    expect(isCustomer(flags({ account_type: 'P' }))).toBe(true);
    expect(isCustomer(flags({ account_type: 'B' }))).toBe(true);
    expect(isCustomer(flags({ account_type: 'B', is_employee: true }))).toBe(false);
    expect(isCustomer(flags({ account_type: 'P', is_staff: true }))).toBe(false);
    expect(isCustomer(flags({}))).toBe(false);
  });
});

describe('canAccess', () => {
  it('public lets anyone in, authenticated any role, a list only its roles', () => {
    expect(canAccess('public', null)).toBe(true);
    expect(canAccess('authenticated', null)).toBe(false);
    expect(canAccess('authenticated', 'PERSONAL')).toBe(true);
    expect(canAccess(['ADMIN'], 'STAFF')).toBe(false);
    expect(canAccess(['ADMIN', 'STAFF'], 'STAFF')).toBe(true);
    expect(canAccess(['ADMIN'], null)).toBe(false);
  });
});
