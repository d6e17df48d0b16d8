import { ROLE_GROUPS, type Role } from './roles.ts';

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
}

export interface NavGroup {
  group: string;
  icon: string;
  children: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

const { everyone: ALL, customers: CUSTOMERS, admin: ADMIN, shop: ADMIN_STAFF } = ROLE_GROUPS;

/** Server-hosted catalogue pages (SPEC 2): open in a new tab. */
export const SERVER_PAGES = {
  catalog: '/template/catalog/',
  catalog2020: '/template/catalog/2020/',
  catalogGroupPrint: (id: number | string) => `/template/catalog/group/${id}/?print=true`,
} as const;

export const NAV: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/', roles: ALL, icon: 'dashboard' },
  { label: 'View Orders', to: '/orders/all', roles: CUSTOMERS, icon: 'list' },
  { label: 'Manage Orders', to: '/orders/manage', roles: ADMIN_STAFF, icon: 'list' },
  {
    group: 'Orders',
    icon: 'orders',
    children: [
      { label: 'Build Order', to: '/orders/build', roles: ['ADMIN', ...CUSTOMERS], icon: 'build' },
      { label: 'Partially Completed', to: '/orders/partially-completed', roles: ADMIN_STAFF, icon: 'pending' },
      { label: 'Late Orders', to: '/orders/late', roles: ADMIN_STAFF, icon: 'late' },
      { label: 'Completed Orders', to: '/orders/completed', roles: ADMIN_STAFF, icon: 'done' },
      { label: 'Completion Log', to: '/orders/completion-log', roles: ADMIN_STAFF, icon: 'log' },
      { label: 'Completed Cabinets', to: '/orders/completed-cabinets', roles: ADMIN_STAFF, icon: 'cabinet' },
      { label: 'Remakes', to: '/orders/remakes', roles: ADMIN_STAFF, icon: 'remake' },
      { label: 'Invoices', to: '/invoices', roles: CUSTOMERS, icon: 'invoice' },
      { label: 'Scan', to: '/scan', roles: ALL, icon: 'scan' },
    ],
  },
  {
    group: 'Catalog (Internal)',
    icon: 'catalog',
    children: [
      { label: '2020 Upload', to: '/catalog/2020/upload', roles: ADMIN, icon: 'upload' },
      { label: 'Line Items', to: '/catalog/items', roles: ADMIN, icon: 'list' },
      { label: 'Public Catalog', to: '/catalog/public', roles: ADMIN, icon: 'catalog' },
      { label: 'Attachments', to: '/catalog/attachments', roles: ADMIN, icon: 'attachment' },
      { label: 'Wood Species', to: '/catalog/premiums/wood_species', roles: ADMIN, icon: 'premium' },
      { label: 'Door Styles', to: '/catalog/premiums/door_styles', roles: ADMIN, icon: 'premium' },
      { label: 'Finish Options', to: '/catalog/premiums/finish_options', roles: ADMIN, icon: 'premium' },
      { label: 'Finished Sides', to: '/catalog/premiums/finished_sides', roles: ADMIN, icon: 'premium' },
      { label: 'Construction Methods', to: '/catalog/premiums/construction_methods', roles: ADMIN, icon: 'premium' },
      { label: 'Catalog', to: SERVER_PAGES.catalog, roles: ADMIN, icon: 'external', external: true },
      { label: '2020 Catalog', to: SERVER_PAGES.catalog2020, roles: ADMIN, icon: 'external', external: true },
    ],
  },
  {
    group: 'Manage Accounts',
    icon: 'accounts',
    children: [
      { label: 'Staff', to: '/settings/users/staff', roles: ADMIN, icon: 'staff' },
      { label: 'All Users', to: '/settings/users/all', roles: ADMIN, icon: 'users' },
      { label: 'Access Requests', to: '/settings/users/requests', roles: ADMIN, icon: 'request' },
    ],
  },
  {
    group: 'Finance',
    icon: 'finance',
    children: [
      { label: 'Aging Report', to: '/finance/reports/aging', roles: ADMIN, icon: 'report' },
      { label: 'Revenue Report', to: '/finance/reports/revenue', roles: ADMIN, icon: 'report' },
      { label: 'Payment Rules', to: '/finance/payments/rules', roles: ADMIN, icon: 'rule' },
      { label: 'Surcharges', to: '/finance/payments/surcharges', roles: ADMIN, icon: 'money' },
      { label: 'Payment Options', to: '/finance/payments/options', roles: ADMIN, icon: 'money' },
      { label: 'Bound Discounts', to: '/finance/discounts/bound', roles: ADMIN, icon: 'discount' },
      { label: 'Code Discounts', to: '/finance/discounts/code', roles: ADMIN, icon: 'discount' },
      { label: 'Receipts', to: '/payment/receipts', roles: ADMIN, icon: 'receipt' },
      { label: 'Invoices', to: '/invoices', roles: ADMIN, icon: 'invoice' },
      { label: 'Bid Volume', to: '/orders/created', roles: ADMIN_STAFF, icon: 'chart' },
    ],
  },
  {
    group: 'Management',
    icon: 'accounts',
    children: [{ label: 'All Users', to: '/settings/users/all', roles: ['BUSINESS_MANAGER'], icon: 'users' }],
  },
  {
    group: 'Settings',
    icon: 'settings',
    children: [
      { label: 'Profile', to: '/settings/profile', roles: ['ADMIN', ...CUSTOMERS], icon: 'profile' },
      { label: 'Password', to: '/settings/password', roles: ALL, icon: 'password' },
      { label: 'Addresses', to: '/settings/address', roles: CUSTOMERS, icon: 'address' },
      { label: 'Global Settings', to: '/settings/global', roles: ADMIN, icon: 'settings' },
      { label: 'Email Templates', to: '/settings/email/templates', roles: ADMIN, icon: 'email' },
      { label: 'Announcements', to: '/settings/email/announcement', roles: ADMIN, icon: 'announcement' },
    ],
  },
  {
    group: 'Bank Accounts',
    icon: 'bank',
    children: [
      { label: 'Bank Accounts', to: '/settings/banks', roles: ['BUSINESS_MANAGER', 'PERSONAL'], icon: 'bank' },
    ],
  },
  { label: 'Planner', to: '/planner/orders/manage', roles: ADMIN_STAFF, icon: 'planner' },
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
