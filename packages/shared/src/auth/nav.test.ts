import { describe, expect, it } from 'vitest';
import { isNavGroup, NAV, navFor } from './nav.ts';
import type { Role } from './roles.ts';
import { canOpenRoute, findRoute, isPlannerRoute, WEB_ROUTES } from './routes.ts';

const links = (role: Role) =>
  navFor(role).flatMap((e) => (isNavGroup(e) ? e.children.map((c) => `${e.group}>${c.to}`) : [e.to]));

describe('navigation per role (SPEC 2 "Navigation entries")', () => {
  it('ADMIN', () => {
    const nav = links('ADMIN');
    expect(nav).toContain('/');
    expect(nav).toContain('/orders/manage');
    expect(nav).not.toContain('/orders/all');
    expect(nav).toContain('/orders/approvals');
    expect(nav).toContain('Orders>/orders/build');
    expect(nav).toContain('Orders>/scan');
    expect(nav).not.toContain('Orders>/invoices');
    expect(nav.filter((l) => l.startsWith('Catalog (Internal)>'))).toHaveLength(11);
    expect(nav).toContain('Manage Accounts>/settings/users/requests');
    expect(nav).toContain('Finance>/invoices');
    // Issue 37: ADMIN reads the dealers' proposals
    expect(nav).toContain('Finance>/proposals');
    expect(nav).toContain('Finance>/orders/created');
    expect(nav).toContain('Settings>/settings/global');
    expect(nav).toContain('Settings>/settings/jobs');
    expect(nav).not.toContain('Settings>/settings/address');
    expect(nav.some((l) => l.startsWith('Management>'))).toBe(false);
    expect(nav.some((l) => l.startsWith('Bank Accounts>'))).toBe(false);
    expect(nav).toContain('/planner/orders/manage');
  });

  it('STAFF sees order management, production pages, scan, Bid Volume and password only', () => {
    expect(links('STAFF')).toEqual([
      '/',
      '/orders/manage',
      'Orders>/orders/partially-completed',
      'Orders>/orders/late',
      'Orders>/orders/completed',
      'Orders>/orders/completion-log',
      'Orders>/orders/completed-cabinets',
      'Orders>/orders/productivity',
      'Orders>/orders/remakes',
      'Orders>/scan',
      'Orders>/floor',
      'Finance>/orders/created',
      'Settings>/settings/password',
      '/planner/orders/manage',
    ]);
  });

  it('PERSONAL', () => {
    expect(links('PERSONAL')).toEqual([
      '/',
      '/orders/all',
      'Orders>/orders/build',
      'Orders>/invoices',
      'Orders>/proposals',
      'Orders>/proposals/report',
      'Orders>/scan',
      'Settings>/settings/profile',
      'Settings>/settings/password',
      'Settings>/settings/address',
      'Settings>/settings/proposals',
      'Bank Accounts>/settings/banks',
    ]);
  });

  it('BUSINESS_MANAGER has the user list and bank accounts', () => {
    expect(links('BUSINESS_MANAGER')).toEqual([
      '/',
      '/orders/all',
      '/orders/approvals',
      'Orders>/orders/build',
      'Orders>/invoices',
      'Orders>/proposals',
      'Orders>/proposals/report',
      'Orders>/scan',
      'Management>/settings/users/all',
      'Management>/settings/users/approvals',
      'Settings>/settings/profile',
      'Settings>/settings/password',
      'Settings>/settings/address',
      'Settings>/settings/proposals',
      'Bank Accounts>/settings/banks',
    ]);
  });

  it('BUSINESS_EMPLOYEE has neither', () => {
    const nav = links('BUSINESS_EMPLOYEE');
    expect(nav.some((l) => l.includes('/settings/users'))).toBe(false);
    expect(nav).not.toContain('Bank Accounts>/settings/banks');
    expect(nav).not.toContain('/orders/approvals');
    expect(nav).toContain('Settings>/settings/address');
  });

  it('no role, no navigation', () => {
    expect(navFor(null)).toEqual([]);
  });

  it('every internal nav link leads to a route its roles may open', () => {
    for (const entry of NAV) {
      for (const link of isNavGroup(entry) ? entry.children : [entry]) {
        if (link.external) continue;
        const route = findRoute(link.to);
        expect(route, link.to).toBeDefined();
        for (const role of link.roles) expect(canOpenRoute(route!, role), `${role} ${link.to}`).toBe(true);
      }
    }
  });
});

describe('route table', () => {
  it('matches literal segments before parameters', () => {
    expect(findRoute('/orders/manage')?.path).toBe('/orders/manage');
    expect(findRoute('/orders/42')?.path).toBe('/orders/:id');
    expect(findRoute('/orders/42/')?.path).toBe('/orders/:id');
    expect(findRoute('/settings/users/staff')?.path).toBe('/settings/users/staff');
    expect(findRoute('/settings/users/7')?.path).toBe('/settings/users/:id');
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('only the invitation route skips the password-reset guard', () => {
    expect(WEB_ROUTES.filter((r) => r.skipPasswordResetGuard).map((r) => r.path)).toEqual([
      '/invitation/:invite_uuid/accept',
    ]);
  });

  it('has no duplicate paths, and planner routes are recognised', () => {
    const paths = WEB_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(isPlannerRoute('/planner/orders/manage')).toBe(true);
    expect(isPlannerRoute('/orders/manage')).toBe(false);
  });
});
