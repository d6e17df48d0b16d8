import {
  findRoute,
  INVOICE_WEB_TEXT,
  type InvoiceDetail,
  type Me,
  MSG,
  type Order,
  ROLE_GROUPS,
  type Role,
  WEB_ROUTES,
  WEB_TEXT,
} from '@cab/shared';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type AxeFinding, axeLine, graveAxeFindings } from '../axe.ts';
import { DEMO_USERS, invitationPathFor, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, payByCheck, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issues 29 and 35 "Accessibility": axe-core (WCAG 2.1 A and AA, and Label in Name: e2e/axe.ts) on
 * every page of SPEC 2 each role opens, at 1440 px and on a 390 px phone, and on the dialogs and
 * the success toast of PAGE_TOOLS: no critical and no serious violation.
 *
 * The pages are WEB_ROUTES itself (a new route is walked for every role that may open it); READY
 * names what a page shows once loaded beyond its heading, ID_OF which row an `:id` is, VARIANTS the
 * addresses a route has besides its own (the TV board, a station's queue). Each role signs in once:
 * its one page walks every route at 1440 px, then again at 390 px, in the running app (no reloads).
 */

const { shop: SHOP, customers: CUSTOMERS } = ROLE_GROUPS;

/** Routes not walked on their own, and why. */
const NOT_WALKED: Record<string, string> = {
  '/orders': 'a redirect to /orders/manage or /orders/all, both walked',
  '/settings/users/approvals': "a redirect to the manager's company page, walked",
};

/** A CSS locator the page shows once loaded, beyond its heading (a row, a chart, a panel). */
// biome-ignore format: one page a line
const READY: Record<string, string> = {
  '/scan/session/:id': 'tbody tr',
  '/orders/manage': 'tbody tr',
  '/orders/all': 'tbody tr',
  '/orders/:id/scan_sessions': 'tbody tr',
  '/floor': '[data-testid="floor-board"][data-tv="false"]',
  '/invoices': 'tbody tr',
  '/catalog/items': 'tbody tr',
  '/settings/users/all': 'tbody tr',
  '/settings/users/staff': 'tbody tr',
};

/** What a customer sees instead, where it differs (the shop's scan session: a note that the shop scans). */
const CUSTOMER_READY: Record<string, string> = {
  '/scan/session/:id': '[role="alert"]',
};

/** Which row of IDS an `:id` of the route is. */
// biome-ignore format: one route a line
const ID_OF: Record<string, string> = {
  '/scan/session/:id': 'session',
  '/scan/session/:id/scan': 'session',
  '/invoices/:id': 'invoice',
  '/invoices/milestone/:id/pay': 'milestone',
  '/orders/:id': 'order',
  '/orders/:id/scan_sessions': 'order',
  '/orders/:id/shelf-list': 'order',
  '/orders/:id/submit': 'bid',
  '/catalog/public/category/:id': 'category',
  '/catalog/public/subcategory/:id': 'subcategory',
  '/settings/users/company/:id': 'company',
  '/settings/users/company/:id/invoices': 'company',
  '/settings/users/:id': 'user',
  '/settings/users/:id/invoices': 'user',
  '/proposals/:id': 'proposal',
};

interface AxePage {
  /** The route's path; `url` is what is opened when it differs (a query, a named parameter). */
  path: string;
  url?: string;
  roles: readonly Role[];
  ready?: string;
}

/** Addresses of a route besides its own: the kiosk board and a station's queue (issue 35). */
// biome-ignore format: one page a line
const VARIANTS: AxePage[] = [
  { path: '/floor', url: '/floor?tv=1', roles: SHOP, ready: '[data-testid="floor-board"][data-tv="true"]' },
  { path: '/floor', url: '/floor?station=:station', roles: SHOP, ready: '[data-testid="station-queue"]' },
];

const signedInRoutes = WEB_ROUTES.filter((r) => typeof r.access !== 'string' && !NOT_WALKED[r.path]);
const PAGES: AxePage[] = [
  ...signedInRoutes.map((r) => ({ path: r.path, roles: r.access as readonly Role[], ready: READY[r.path] })),
  ...VARIANTS,
];

/** Signed out: the guest pages and the error page. */
const GUEST_PAGES = ['/login', '/reset-password', '/invitation/:invite_uuid/accept', '/404'];

/** A dialog that is a page's main tool, or the success toast: opened, then its part is checked. */
interface PageTool {
  name: string;
  role: Role;
  path: string;
  /** Opens the part and answers the CSS selector axe checks. */
  open: (page: Page) => Promise<string>;
  close: (page: Page) => Promise<void>;
}

const PAGE_TOOLS: PageTool[] = [
  {
    name: 'refund dialog',
    role: 'ADMIN',
    path: '/invoices/:paid',
    open: async (page) => {
      await page.getByRole('button', { name: INVOICE_WEB_TEXT.refund, exact: true }).first().click();
      await expect(page.getByTestId('refund-dialog')).toBeVisible();
      return '[data-testid="refund-dialog"]';
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('refund-dialog')).toHaveCount(0);
    },
  },
  {
    name: 'import 2020 dialog',
    role: 'PERSONAL',
    path: '/orders/all',
    open: async (page) => {
      await page.getByTestId('import-order').click();
      await expect(page.getByTestId('import-order-dialog')).toBeVisible();
      return '[data-testid="import-order-dialog"]';
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('import-order-dialog')).toHaveCount(0);
    },
  },
  {
    // Saving the settings as they are: the success toast, held on screen by the pointer over it.
    name: 'success toast',
    role: 'ADMIN',
    path: '/settings/global',
    open: async (page) => {
      await page.getByTestId('settings-save').click();
      const toast = page.locator('#notistack-snackbar');
      await toast.hover();
      await expect(toast).toContainText(MSG.settingsUpdated);
      return '.notistack-SnackbarContainer';
    },
    close: async (page) => {
      await page.mouse.move(0, 0);
      await expect(page.locator('#notistack-snackbar')).toHaveCount(0);
    },
  },
];

/** The roles walked (each signs in once, and walks at both sizes). */
const ROLES: Role[] = ['ADMIN', 'STAFF', 'BUSINESS_MANAGER', 'BUSINESS_EMPLOYEE', 'PERSONAL'];

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Ids = Record<string, number | string>;

/**
 * The rows the pages show, made once: an approved order (with its invoice) of each customer and a
 * bid to submit, a production session at a station that scanned one of its cabinets, an order paid
 * by check (its payment can be refunded), an invitation to accept.
 */
async function makeIds(request: APIRequestContext): Promise<Record<Role | 'guest', Ids>> {
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
    // A proposal made from the bid for a client (issue 37): the dealer's proposal page.
    const made = await request.post(`/api/orders/${draft.id}/proposals/`, {
      headers: auth(token),
      data: {
        client: { name: 'Axe Client', email: 'axe.client@e2e.test' },
        extra_lines: [{ description: 'Fitting', amount: '90.00' }],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const proposal = ((await made.json()) as { id: number }).id;
    const ids = {
      order: order.id,
      invoice: invoice.id,
      milestone: invoice.milestones[0]?.id ?? 0,
      bid: draft.id,
      proposal,
    };
    return { ids, me };
  };
  const personal = await approvedOrderOf(DEMO_USERS.PERSONAL);
  const manager = await approvedOrderOf(DEMO_USERS.BUSINESS_MANAGER);
  const employee = await approvedOrderOf(DEMO_USERS.BUSINESS_EMPLOYEE);
  const paid = await approvedOrderOf(DEMO_USERS.PERSONAL);
  await payByCheck(request, paid.ids.milestone, { reference: 'AXE 1' });

  // A session at a station with a scanned cabinet and an unknown code: its page and the station's queue have rows.
  const station = `Axe bench ${Date.now() % 100_000}`;
  const opened = await request.post('/api/scan/sessions/', {
    headers: auth(staff),
    data: { type: 'PRODUCTION', station },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const session = ((await opened.json()) as { id: number }).id;
  for (const code of [`${personal.ids.order}-01-1`, `${personal.ids.order}-09-9`]) {
    const scanned = await request.post(`/api/scan/sessions/${session}/scan/`, { headers: auth(staff), data: { code } });
    expect(scanned.status(), await scanned.text()).toBe(200);
  }

  const invited = `axe${Date.now()}@e2e.test`;
  const invite = await request.post('/api/accounts/invite/', {
    headers: auth(admin),
    data: { email: invited, first_name: 'Ada', last_name: 'Axe', role: 'PERSONAL' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const invitation = await invitationPathFor(request, invited);

  const first = async (url: string) =>
    (await getJson<{ results: { id: number }[] }>(request, admin, url)).results[0]?.id ?? 0;
  const catalog = {
    category: await first('/api/catalog/category/?page_size=1'),
    subcategory: await first('/api/catalog/public/subcategory/?page_size=1'),
  };
  const company = manager.me.company?.id ?? 0;
  const shop = { ...catalog, ...personal.ids, session, station };
  return {
    ADMIN: { ...shop, company, user: employee.me.id, paid: paid.ids.invoice, template_name: 'invitation' },
    STAFF: shop,
    PERSONAL: { ...catalog, ...personal.ids, session },
    BUSINESS_MANAGER: { ...catalog, ...manager.ids, company, user: employee.me.id, session },
    BUSINESS_EMPLOYEE: { ...catalog, ...employee.ids, session },
    guest: { invite_uuid: invitation.split('/')[2] ?? '' },
  };
}

/** The address of `entry` for a reader with `ids`: an `:id` is the row ID_OF names, other `:name`s their own. */
function urlOf(entry: AxePage, ids: Ids): string {
  const url = entry.url ?? entry.path;
  return url.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = ids[name === 'id' ? (ID_OF[entry.path] ?? '') : name];
    if (!value) throw new Error(`no :${name} for ${url} (add it to ID_OF or makeIds)`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Opens `url` inside the running app (the router follows popstate), as a person's click would:
 * no reload of the bundle per page. The route's title names the page once it is shown.
 */
async function visit(page: Page, url: string): Promise<void> {
  const title = `${findRoute(url.split('?')[0] ?? url)?.title} · ${WEB_TEXT.appName}`;
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveTitle(title);
}

/** Waits for what a person waits for: the page's heading, no skeleton or spinner, its own marker. */
async function settled(page: Page, ready?: string): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root, [aria-busy="true"], .MuiCircularProgress-root')).toHaveCount(0);
}

interface Finding extends AxeFinding {
  where: string;
}

const line = (f: Finding) => `${f.where}: ${axeLine(f)}`;

let IDS: Record<Role | 'guest', Ids>;

test.beforeAll(async ({ playwright }, info) => {
  // About twenty API calls: more than a hook's default time on a loaded machine.
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  IDS = await makeIds(request);
  await request.dispose();
});

type Size = keyof typeof VIEWPORTS;
const SIZES = Object.keys(VIEWPORTS) as Size[];

/**
 * `page` walks `entries` at `size` (and opens `tools`), printing what axe finds as it goes, and
 * fails on any critical or serious finding.
 */
async function walk(page: Page, who: Role | 'guest', size: Size, entries: AxePage[], tools: PageTool[]) {
  // The one running app is the phone's too: a person turning a window narrow, no reload.
  test.setTimeout(60_000 + (entries.length + tools.length) * 8_000);
  await page.setViewportSize(VIEWPORTS[size]);
  const customer = (CUSTOMERS as readonly string[]).includes(who);
  const findings: Finding[] = [];
  const check = async (where: string, include?: string) => {
    const found = (await graveAxeFindings(page, include)).map((f) => ({ ...f, where }));
    // Printed as found too, so a run cut short still names what it saw.
    for (const f of found) console.log(`axe ${who} ${size}: ${line(f)}`);
    findings.push(...found);
  };
  for (const entry of entries) {
    const url = urlOf(entry, IDS[who]);
    await test.step(url, async () => {
      await visit(page, url);
      await settled(page, (customer && CUSTOMER_READY[entry.path]) || entry.ready);
      await check(entry.url ?? entry.path);
    });
  }
  for (const tool of tools) {
    await test.step(tool.name, async () => {
      await visit(page, urlOf({ path: tool.path, roles: [] }, IDS[who]));
      await settled(page);
      await check(tool.name, await tool.open(page));
      await tool.close(page);
    });
  }
  expect(findings, `axe (WCAG 2.1 AA, Label in Name) as ${who} ${size}:\n${findings.map(line).join('\n')}`).toEqual([]);
}

/** One signed-in page per role (or signed out), walked at each size in turn. */
function sweep(who: Role | 'guest', entries: AxePage[], tools: PageTool[]) {
  test.describe(who, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(60_000);
      context = await browser.newContext();
      page = await context.newPage();
      if (who === 'guest') await page.goto('/login');
      else await loginAs(page, who);
    });
    test.afterAll(async () => {
      await context?.close();
    });
    for (const size of SIZES) {
      test(`${who} at ${VIEWPORTS[size].width} px: no critical or serious axe violation on any page`, async () => {
        await walk(page, who, size, entries, tools);
      });
    }
  });
}

for (const role of ROLES) {
  sweep(
    role,
    PAGES.filter((p) => p.roles.includes(role)),
    PAGE_TOOLS.filter((t) => t.role === role),
  );
}
sweep(
  'guest',
  GUEST_PAGES.map((path) => ({ path, roles: [] })),
  [],
);
