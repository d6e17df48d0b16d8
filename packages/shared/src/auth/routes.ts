import { ROLE_GROUPS, type Role } from './roles.ts';

/**
 * Every web route of SPEC 2 and who may open it. The web router is built from this table and
 * the browser tests check it, so a route cannot exist without a guard.
 *  - 'guest': reachable without signing in (login, password reset, invitation accept).
 *  - 'public': reachable by anyone (the error pages).
 *  - Role[]: signed in with one of these roles; any other role is sent to /404.
 */
type RouteAccess = 'guest' | 'public' | readonly Role[];

export interface WebRoute {
  path: string;
  title: string;
  access: RouteAccess;
  /** Exempt from the require_password_reset redirect (SPEC 4: only the invitation accept route). */
  skipPasswordResetGuard?: boolean;
  /** Shown alone whatever the session (no shell, no menu): the homeowner's proposal page (issue 37). */
  bare?: boolean;
  /**
   * The navigation link a page with no link of its own belongs to (a detail page under its list),
   * highlighted while it is open. Pages under a link's path (/invoices/:id) need none.
   */
  nav?: string;
}

const {
  everyone: ALL,
  admin: ADMIN,
  shop: ADMIN_STAFF,
  customers: CUSTOMERS,
  adminAndCustomers: ADMIN_CUSTOMERS,
  adminAndManager: ADMIN_MANAGER,
  bankOwners: BANK_OWNERS,
} = ROLE_GROUPS;

/** Where a user's or company's page is reached from (admin and manager alike). */
const USERS_LIST = '/settings/users/all';

export const WEB_ROUTES: readonly WebRoute[] = [
  // General
  { path: '/', title: 'Dashboard', access: ALL },
  { path: '/404', title: 'Not found', access: 'public' },
  { path: '/login', title: 'Sign in', access: 'guest' },
  { path: '/reset-password', title: 'Reset password', access: 'guest' },
  { path: '/test', title: 'System check', access: ADMIN },
  // The shop's TV (issue 29): full screen, no navigation.
  { path: '/floor', title: 'Floor board', access: ADMIN_STAFF },
  // Scan
  { path: '/scan', title: 'Scan', access: ALL },
  { path: '/scan/new', title: 'New scan session', access: ALL },
  { path: '/scan/session/:id', title: 'Scan session', access: ALL },
  { path: '/scan/session/:id/scan', title: 'Scan', access: ALL },
  // Invoices and payment
  { path: '/invoices', title: 'Invoices', access: ADMIN_CUSTOMERS },
  // Ours (issue 34): a statement of account; the shop opens a party's from its account page.
  { path: '/invoices/statement', title: 'Statement', access: ADMIN_CUSTOMERS },
  { path: '/invoices/:id', title: 'Invoice', access: ADMIN_CUSTOMERS },
  { path: '/invoices/milestone/:id/pay', title: 'Pay milestone', access: ADMIN_CUSTOMERS },
  { path: '/payment/error', title: 'Payment failed', access: ADMIN_CUSTOMERS },
  { path: '/payment/receipts', title: 'Receipts', access: ADMIN_CUSTOMERS },
  { path: '/payment/success', title: 'Payment received', access: ADMIN_CUSTOMERS },
  // Orders
  { path: '/orders', title: 'Orders', access: ALL },
  { path: '/orders/all', title: 'View Orders', access: CUSTOMERS },
  // Ours (issue 30): a business manager's queue of its employees' orders waiting for approval
  { path: '/orders/approvals', title: 'Approvals', access: ADMIN_MANAGER },
  { path: '/orders/build', title: 'Build Order', access: ADMIN_CUSTOMERS },
  { path: '/orders/completed', title: 'Completed Orders', access: ADMIN_STAFF },
  { path: '/orders/completed-cabinets', title: 'Completed Cabinets', access: ADMIN_STAFF },
  { path: '/orders/completion-log', title: 'Completion Log', access: ADMIN_STAFF },
  { path: '/orders/created', title: 'Bid Volume', access: ADMIN_STAFF },
  { path: '/orders/late', title: 'Late Orders', access: ADMIN_STAFF },
  // Ours (issue 35): open orders by due date, the dashboard's "due this week" list
  { path: '/orders/due', title: 'Orders Due', access: ADMIN_STAFF },
  { path: '/orders/productivity', title: 'Productivity', access: ADMIN_STAFF },
  { path: '/orders/manage', title: 'Manage Orders', access: ADMIN_STAFF },
  { path: '/orders/partially-completed', title: 'Partially Completed', access: ADMIN_STAFF },
  { path: '/orders/remakes', title: 'Remakes', access: ADMIN_STAFF },
  { path: '/orders/:id', title: 'Order', access: ALL },
  { path: '/orders/:id/scan_sessions', title: 'Order scan sessions', access: ADMIN_STAFF },
  { path: '/orders/:id/shelf-list', title: 'Shelf list', access: ADMIN_STAFF },
  { path: '/orders/:id/submit', title: 'Submit order', access: ADMIN_CUSTOMERS },
  // Ours (issue 37): a dealer's proposals to its clients, made from a bid
  { path: '/proposals', title: 'Proposals', access: ADMIN_CUSTOMERS },
  { path: '/proposals/report', title: 'Proposals Report', access: ADMIN_CUSTOMERS },
  { path: '/proposals/:id', title: 'Proposal', access: ADMIN_CUSTOMERS },
  // The homeowner's page: no account, no shell; the token is the key.
  { path: '/p/:token', title: 'Proposal', access: 'public', bare: true },
  // Invitation
  {
    path: '/invitation/:invite_uuid/accept',
    title: 'Accept invitation',
    access: 'guest',
    skipPasswordResetGuard: true,
  },
  // Catalogue
  { path: '/catalog/attachments', title: 'Attachments', access: ADMIN },
  { path: '/catalog/items', title: 'Line Items', access: ADMIN },
  { path: '/catalog/public', title: 'Public Catalog', access: ALL },
  { path: '/catalog/public/category/:id', title: 'Catalog category', access: ALL },
  { path: '/catalog/public/subcategory/:id', title: 'Catalog subcategory', access: ALL },
  // Ours: the catalogue structure (issue 8 "Missing screens"), reached from Public Catalog and Line Items
  { path: '/catalog/groups', title: 'Product Groups', access: ADMIN, nav: '/catalog/public' },
  { path: '/catalog/categories', title: 'Categories', access: ADMIN, nav: '/catalog/public' },
  { path: '/catalog/2020/upload', title: '2020 Upload', access: ADMIN },
  { path: '/catalog/premiums/construction_methods', title: 'Construction Methods', access: ADMIN },
  { path: '/catalog/premiums/door_styles', title: 'Door Styles', access: ADMIN },
  { path: '/catalog/premiums/finish_options', title: 'Finish Options', access: ADMIN },
  { path: '/catalog/premiums/finished_sides', title: 'Finished Sides', access: ADMIN },
  { path: '/catalog/premiums/wood_species', title: 'Wood Species', access: ADMIN },
  // Finance
  { path: '/finance/discounts/bound', title: 'Bound Discounts', access: ADMIN },
  { path: '/finance/discounts/code', title: 'Code Discounts', access: ADMIN },
  { path: '/finance/payments/options', title: 'Payment Options', access: ADMIN },
  { path: '/finance/payments/rules', title: 'Payment Rules', access: ADMIN },
  { path: '/finance/payments/surcharges', title: 'Surcharges', access: ADMIN },
  { path: '/finance/exports', title: 'Exports', access: ADMIN },
  { path: '/finance/settings', title: 'Finance Settings', access: ADMIN },
  { path: '/finance/reports/aging', title: 'Aging Report', access: ADMIN },
  { path: '/finance/reports/revenue', title: 'Revenue Report', access: ADMIN },
  { path: '/finance/payouts', title: 'Payouts', access: ADMIN },
  { path: '/finance/reports/sales-tax', title: 'Sales Tax Report', access: ADMIN },
  // Planner
  { path: '/planner/orders/manage', title: 'Planner', access: ADMIN_STAFF },
  // Settings
  { path: '/settings/address', title: 'Addresses', access: CUSTOMERS },
  { path: '/settings/banks', title: 'Bank Accounts', access: BANK_OWNERS },
  { path: '/settings/global', title: 'Global Settings', access: ADMIN },
  // Ours (issue 36): the background jobs, their failures and a run now.
  { path: '/settings/jobs', title: 'Background Jobs', access: ADMIN },
  { path: '/settings/password', title: 'Password', access: ALL },
  { path: '/settings/profile', title: 'Profile', access: ADMIN_CUSTOMERS },
  // Ours (issue 37): a dealer's proposal settings: a personal customer's own, a manager's company's
  // (also the company page's Proposals tab, where ADMIN finds them)
  { path: '/settings/proposals', title: 'Proposal Settings', access: ['BUSINESS_MANAGER', 'PERSONAL'] },
  { path: '/settings/profile/change-password', title: 'Change Password', access: ALL },
  { path: '/settings/email/announcement', title: 'Announcements', access: ADMIN },
  { path: '/settings/email/templates', title: 'Email Templates', access: ADMIN },
  { path: '/settings/email/templates/edit/:template_name', title: 'Edit Email Template', access: ADMIN },
  // Users
  { path: '/settings/users/all', title: 'All Users', access: ADMIN_MANAGER },
  // Ours (issue 35): the manager's way to its company page's Approvals tab (it redirects there).
  { path: '/settings/users/approvals', title: 'Approval Settings', access: ['BUSINESS_MANAGER'] },
  { path: '/settings/users/requests', title: 'Access Requests', access: ADMIN },
  { path: '/settings/users/staff', title: 'Staff', access: ADMIN },
  { path: '/settings/users/company/:id', title: 'Company', access: ADMIN_MANAGER, nav: USERS_LIST },
  { path: '/settings/users/company/:id/invoices', title: 'Company invoices', access: ADMIN_MANAGER, nav: USERS_LIST },
  { path: '/settings/users/:id', title: 'User', access: ADMIN_MANAGER, nav: USERS_LIST },
  { path: '/settings/users/:id/invoices', title: 'User invoices', access: ADMIN, nav: USERS_LIST },
];

/** The route a user lands on after the password-reset guard fires (SPEC 4). */
export const PASSWORD_RESET_ROUTE = '/settings/profile/change-password';

/** The floor board fills the screen it is shown on (a TV): no app bar, no navigation. */
export function isBoardRoute(path: string): boolean {
  return path === '/floor';
}

/** A route whose name contains "planner" belongs to the planner app (SPEC 1). */
export function isPlannerRoute(path: string): boolean {
  return path.includes('planner');
}

export function canOpenRoute(route: WebRoute, role: Role | null): boolean {
  if (route.access === 'guest' || route.access === 'public') return true;
  return role !== null && route.access.includes(role);
}

/** Matches a concrete URL path against the table (':param' segments match any one segment). */
export function findRoute(pathname: string): WebRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  const matches = WEB_ROUTES.filter((route) => {
    const pattern = route.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
  // A literal segment beats a parameter (/orders/manage before /orders/:id).
  return matches.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

function paramCount(path: string): number {
  return path.split('/').filter((s) => s.startsWith(':')).length;
}
