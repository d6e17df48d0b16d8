import { ROLE_GROUPS, type Role } from './roles.ts';
import { WEB_ROUTES } from './routes.ts';

/**
 * The navigation of SPEC 2 "Navigation entries", per role, as one table.
 * `icon` names an icon the web maps to a component; `external` pages are server-hosted and
 * open in a new tab.
 */
export interface NavLink {
  label: string;
  to: string;
  roles: readonly Role[];
  icon: string;
  external?: boolean;
  /** A count the web shows beside the label (its key names the count: `approvals`, issue 30). */
  badge?: 'approvals';
}

export interface NavGroup {
  group: string;
  icon: string;
  children: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

const { customers: CUSTOMERS, admin: ADMIN } = ROLE_GROUPS;

/** Server-hosted catalogue pages (SPEC 2): open in a new tab. */
export const SERVER_PAGES = {
  catalog: '/template/catalog/',
  catalog2020: '/template/catalog/2020/',
  catalogGroupPrint: (id: number | string) => `/template/catalog/group/${id}/?print=true`,
} as const;

/**
 * A link to one of WEB_ROUTES: the route's title is its label and the roles that may open the
 * route see it, unless `roles` narrows them (the same page listed in two groups).
 */
function link(to: string, icon: string, roles?: readonly Role[]): NavLink {
  const route = WEB_ROUTES.find((r) => r.path === to);
  if (!route || !Array.isArray(route.access)) throw new Error(`nav: ${to} is not a route for signed-in roles`);
  return { label: route.title, to, roles: roles ?? (route.access as readonly Role[]), icon };
}

/** A server-hosted page, for admins. */
const serverPage = (label: string, to: string): NavLink => ({
  label,
  to,
  roles: ADMIN,
  icon: 'external',
  external: true,
});

const group = (name: string, icon: string, children: NavLink[]): NavGroup => ({ group: name, icon, children });

export const NAV: readonly NavEntry[] = [
  link('/', 'dashboard'),
  link('/orders/all', 'list'),
  link('/orders/manage', 'list'),
  { ...link('/orders/approvals', 'approval'), badge: 'approvals' },
  group('Orders', 'orders', [
    link('/orders/build', 'build'),
    link('/orders/partially-completed', 'pending'),
    link('/orders/late', 'late'),
    link('/orders/completed', 'done'),
    link('/orders/completion-log', 'log'),
    link('/orders/completed-cabinets', 'cabinet'),
    link('/orders/productivity', 'chart'),
    link('/orders/remakes', 'remake'),
    link('/invoices', 'invoice', CUSTOMERS),
    link('/proposals', 'proposal', CUSTOMERS),
    link('/proposals/report', 'chart', CUSTOMERS),
    link('/scan', 'scan'),
    link('/floor', 'floor'),
  ]),
  group('Catalog (Internal)', 'catalog', [
    link('/catalog/2020/upload', 'upload'),
    link('/catalog/items', 'list'),
    link('/catalog/public', 'catalog', ADMIN),
    link('/catalog/attachments', 'attachment'),
    link('/catalog/premiums/wood_species', 'premium'),
    link('/catalog/premiums/door_styles', 'premium'),
    link('/catalog/premiums/finish_options', 'premium'),
    link('/catalog/premiums/finished_sides', 'premium'),
    link('/catalog/premiums/construction_methods', 'premium'),
    serverPage('Catalog', SERVER_PAGES.catalog),
    serverPage('2020 Catalog', SERVER_PAGES.catalog2020),
  ]),
  group('Manage Accounts', 'accounts', [
    link('/settings/users/staff', 'staff'),
    link('/settings/users/all', 'users', ADMIN),
    link('/settings/users/requests', 'request'),
  ]),
  group('Finance', 'finance', [
    link('/finance/reports/aging', 'report'),
    link('/finance/reports/revenue', 'report'),
    link('/finance/payouts', 'money'),
    link('/finance/reports/sales-tax', 'report'),
    link('/finance/exports', 'report'),
    link('/finance/settings', 'settings'),
    link('/finance/payments/rules', 'rule'),
    link('/finance/payments/surcharges', 'money'),
    link('/finance/payments/options', 'money'),
    link('/finance/discounts/bound', 'discount'),
    link('/finance/discounts/code', 'discount'),
    link('/payment/receipts', 'receipt', ADMIN),
    link('/invoices', 'invoice', ADMIN),
    link('/proposals', 'proposal', ADMIN),
    link('/orders/created', 'chart'),
  ]),
  group('Management', 'accounts', [
    link('/settings/users/all', 'users', ['BUSINESS_MANAGER']),
    link('/settings/users/approvals', 'approval'),
  ]),
  group('Settings', 'settings', [
    link('/settings/profile', 'profile'),
    link('/settings/password', 'password'),
    link('/settings/address', 'address'),
    link('/settings/proposals', 'proposal'),
    link('/settings/global', 'settings'),
    link('/settings/email/templates', 'email'),
    link('/settings/email/announcement', 'announcement'),
    link('/settings/jobs', 'jobs'),
  ]),
  group('Bank Accounts', 'bank', [link('/settings/banks', 'bank')]),
  link('/planner/orders/manage', 'planner'),
];

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'group' in entry;
}

/** The navigation a role sees: links it may open, groups with at least one such link. */
export function navFor(role: Role | null): NavEntry[] {
  if (role === null) return [];
  const out: NavEntry[] = [];
  for (const entry of NAV) {
    if (isNavGroup(entry)) {
      const children = entry.children.filter((c) => c.roles.includes(role));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (entry.roles.includes(role)) {
      out.push(entry);
    }
  }
  return out;
}
