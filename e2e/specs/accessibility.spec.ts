import AxeBuilder from '@axe-core/playwright';
import { findRoute, type InvoiceDetail, type Me, type Order, ROLE_GROUPS, type Role, WEB_TEXT } from '@cab/shared';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 29 "Accessibility": axe-core (WCAG 2.1 A and AA) on every page each role opens, at
 * desktop size and on a 390 px phone: no critical and no serious violation.
 *
 * PAGES is the one table: a new page is one line. `:name` segments are filled from IDS (rows the
 * test makes before it starts, each role's own where the role matters).
 */

const { everyone: ALL, admin: ADMIN, shop: SHOP, customers: CUSTOMERS } = ROLE_GROUPS;
const ADMIN_CUSTOMERS = ROLE_GROUPS.adminAndCustomers;
const ADMIN_MANAGER = ROLE_GROUPS.adminAndManager;
const BANK_OWNERS = ROLE_GROUPS.bankOwners;

interface AxePage {
  path: string;
  roles: readonly Role[];
  /** A CSS or test-id locator the page shows once loaded, beyond its heading (a row, a chart). */
  ready?: string;
}

// biome-ignore format: one page a line
const PAGES: AxePage[] = [
  { path: '/', roles: ALL },
  // Scan
  { path: '/scan', roles: ALL },
  { path: '/scan/new', roles: SHOP },
  { path: '/scan/session/:session', roles: SHOP, ready: 'tbody tr' },
  { path: '/scan/session/:session/scan', roles: SHOP },
  // Orders
  { path: '/orders/manage', roles: SHOP, ready: 'tbody tr' },
  { path: '/orders/all', roles: CUSTOMERS, ready: 'tbody tr' },
  { path: '/orders/build', roles: ADMIN_CUSTOMERS },
  { path: '/orders/:order', roles: ALL },
  { path: '/orders/:bid/submit', roles: CUSTOMERS },
  { path: '/orders/:order/scan_sessions', roles: SHOP, ready: 'tbody tr' },
  { path: '/orders/:order/shelf-list', roles: SHOP },
  { path: '/orders/late', roles: SHOP },
  { path: '/orders/partially-completed', roles: SHOP },
  { path: '/orders/completed', roles: SHOP },
  { path: '/orders/completion-log', roles: SHOP },
  { path: '/orders/completed-cabinets', roles: SHOP },
  { path: '/orders/created', roles: SHOP },
  { path: '/orders/remakes', roles: SHOP },
  { path: '/orders/approvals', roles: ADMIN_MANAGER },
  { path: '/floor', roles: SHOP },
  { path: '/planner/orders/manage', roles: SHOP },
  // Invoices and payment
  { path: '/invoices', roles: ADMIN_CUSTOMERS, ready: 'tbody tr' },
  { path: '/invoices/:invoice', roles: ADMIN_CUSTOMERS },
  { path: '/invoices/milestone/:milestone/pay', roles: ADMIN_CUSTOMERS },
  { path: '/payment/receipts', roles: ADMIN_CUSTOMERS },
  // Catalogue
  { path: '/catalog/public', roles: ALL },
  { path: '/catalog/public/category/:category', roles: ALL },
  { path: '/catalog/public/subcategory/:subcategory', roles: ALL },
  { path: '/catalog/items', roles: ADMIN, ready: 'tbody tr' },
  { path: '/catalog/attachments', roles: ADMIN },
  { path: '/catalog/groups', roles: ADMIN },
  { path: '/catalog/categories', roles: ADMIN },
  { path: '/catalog/2020/upload', roles: ADMIN },
  { path: '/catalog/premiums/construction_methods', roles: ADMIN },
  { path: '/catalog/premiums/door_styles', roles: ADMIN },
  { path: '/catalog/premiums/finish_options', roles: ADMIN },
  { path: '/catalog/premiums/finished_sides', roles: ADMIN },
  { path: '/catalog/premiums/wood_species', roles: ADMIN },
  // Finance
  { path: '/finance/discounts/bound', roles: ADMIN },
  { path: '/finance/discounts/code', roles: ADMIN },
  { path: '/finance/payments/options', roles: ADMIN },
  { path: '/finance/payments/rules', roles: ADMIN },
  { path: '/finance/payments/surcharges', roles: ADMIN },
  { path: '/finance/reports/aging', roles: ADMIN },
  { path: '/finance/reports/revenue', roles: ADMIN },
  // Settings and users
  { path: '/settings/profile', roles: ADMIN_CUSTOMERS },
  { path: '/settings/password', roles: ALL },
  { path: '/settings/address', roles: CUSTOMERS },
  { path: '/settings/banks', roles: BANK_OWNERS },
  { path: '/settings/global', roles: ADMIN },
  { path: '/settings/email/announcement', roles: ADMIN },
  { path: '/settings/email/templates', roles: ADMIN },
  { path: '/settings/email/templates/edit/invitation', roles: ADMIN },
  { path: '/settings/users/all', roles: ADMIN_MANAGER, ready: 'tbody tr' },
  { path: '/settings/users/requests', roles: ADMIN },
  { path: '/settings/users/staff', roles: ADMIN, ready: 'tbody tr' },
  { path: '/settings/users/company/:company', roles: ADMIN_MANAGER },
  { path: '/settings/users/company/:company/invoices', roles: ADMIN_MANAGER },
  { path: '/settings/users/:user', roles: ADMIN_MANAGER },
  { path: '/settings/users/:user/invoices', roles: ADMIN },
  { path: '/test', roles: ADMIN },
];

/** The roles walked (each signs in once per viewport). */
const ROLES: Role[] = ['ADMIN', 'STAFF', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE', 'PERSONAL'];

const VIEWPORTS = {
  desktop: { width: 1366, height: 860 },
  phone: { width: 390, height: 844 },
} as const;

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Ids = Record<string, number>;

/**
 * The rows the pages show, made once: an approved order (with its invoice) of each customer and a
 * bid to submit, a production session that scanned one of its cabinets.
 */
async function makeIds(request: APIRequestContext): Promise<Record<Role, Ids>> {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const staff = await tokenOf(request, DEMO_USERS.STAFF);
  const item = await createLineItem(request, admin, '250.00');

  const approvedOrderOf = async (email: string) => {
    const token = await tokenOf(request, email);
    const bid = await createBid(request, token, `Axe ${email} ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
    const submitted = await submitByApi(request, token, bid);
    const approved = await request.post(`/api/orders/${submitted.id}/approve/`, { headers: auth(admin), data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    const order = (await approved.json()) as Order;
    const invoice = await getJson<InvoiceDetail>(request, token, `/api/invoices/${order.invoice?.id}/`);
    const draft = await createBid(request, token, `Axe bid ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
    const me = await getJson<Me>(request, token, '/api/users/me/');
    const ids = { order: order.id, invoice: invoice.id, milestone: invoice.milestones[0]?.id ?? 0, bid: draft.id };
    return { ids, me };
  };
  const personal = await approvedOrderOf(DEMO_USERS.PERSONAL);
  const manager = await approvedOrderOf(DEMO_USERS.BUSINESS_MANAGER);
  const employee = await approvedOrderOf(DEMO_USERS.BUSINESS_EMPLOYEE);

  // A session with a scanned cabinet and an unknown code: the session page has rows.
  const opened = await request.post('/api/scan/sessions/', { headers: auth(staff), data: { type: 'PRODUCTION' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const session = ((await opened.json()) as { id: number }).id;
  for (const code of [`${personal.ids.order}-01-1`, `${personal.ids.order}-09-9`]) {
    const scanned = await request.post(`/api/scan/sessions/${session}/scan/`, { headers: auth(staff), data: { code } });
    expect(scanned.status(), await scanned.text()).toBe(200);
  }

  const first = async (url: string) =>
    (await getJson<{ results: { id: number }[] }>(request, admin, url)).results[0]?.id ?? 0;
  const catalog = {
    category: await first('/api/catalog/category/?page_size=1'),
    subcategory: await first('/api/catalog/public/subcategory/?page_size=1'),
  };
  const company = manager.me.company?.id ?? 0;
  const shop = { ...catalog, ...personal.ids, session };
  return {
    ADMIN: { ...shop, company, user: employee.me.id },
    STAFF: shop,
    PERSONAL: { ...catalog, ...personal.ids, session },
    BUSINESS_MANAGER: { ...catalog, ...manager.ids, company, user: employee.me.id },
    BUSINESS_EMPLOYEE: { ...catalog, ...employee.ids, session },
  };
}

function fill(path: string, ids: Ids): string {
  return path.replace(/:([a-z]+)/g, (_, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no :${name} for ${path}`);
    return String(id);
  });
}

/**
 * Opens `path` inside the running app (the router follows popstate), as a person's click would:
 * no reload of the bundle per page. The route's title names the page once it is shown.
 */
async function visit(page: Page, path: string): Promise<void> {
  const title = `${findRoute(path)?.title} · ${WEB_TEXT.appName}`;
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveTitle(title);
}

/** Waits for what a person waits for: the page's heading, no skeleton or spinner, its own marker. */
async function settled(page: Page, ready?: string): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"], .MuiCircularProgress-root')).toHaveCount(0);
}

interface Finding {
  path: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function axeOf(page: Page, path: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself (no extra blank page per run to merge frame results).
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      path,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

const line = (f: Finding) => `${f.impact} ${f.rule} on ${f.path}: ${f.targets.join(' | ')}`;

let IDS: Record<Role, Ids>;

test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  IDS = await makeIds(request);
  await request.dispose();
});

async function walk(browser: Browser, role: Role, viewport: keyof typeof VIEWPORTS): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  try {
    await loginAs(page, role);
    const findings: Finding[] = [];
    for (const entry of PAGES.filter((p) => p.roles.includes(role))) {
      const path = fill(entry.path, IDS[role]);
      await test.step(path, async () => {
        await visit(page, path);
        await settled(page, entry.ready);
        const found = await axeOf(page, entry.path);
        // Printed as found too, so a run cut short still names what it saw.
        for (const f of found) console.log(`axe ${role} ${viewport}: ${line(f)}`);
        findings.push(...found);
      });
    }
    const report = findings.map(line).join('\n');
    expect(findings, `axe (WCAG 2.1 AA) on ${role} ${viewport}:\n${report}`).toEqual([]);
  } finally {
    await context.close();
  }
}

for (const role of ROLES) {
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    test(`${role} on ${viewport}: every page has no critical or serious axe violation`, async ({ browser }) => {
      test.setTimeout(360_000);
      await walk(browser, role, viewport);
    });
  }
}
