import { readFile } from 'node:fs/promises';
import {
  cents,
  formatWireMoney,
  ORDERS_WEB_TEXT,
  PROPOSAL_TEXT,
  type Proposal,
  parseMoney,
  PROPOSALS_WEB_TEXT as T,
  toWire,
} from '@cab/shared';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { axeLine, graveAxeFindings } from '../axe.ts';
import { DEMO_USERS, downloadFrom, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, tokenOf } from '../order-helpers.ts';

/**
 * Issue 37 "Done when": a dealer (the demo business manager) makes a proposal from a bid with a
 * group markup and an extra line and sends it; the homeowner opens the link in a second browser
 * with no account and accepts with a typed name; the dealer's page shows it accepted without a
 * reload, and the order goes to the shop. Neither the client's page nor its PDF shows a cost figure.
 */

async function accessible(page: Page, scope: string): Promise<void> {
  expect((await graveAxeFindings(page, scope)).map(axeLine)).toEqual([]);
}

/** Every cost figure of the proposal as it is written on screen and on paper ("$123.45" and "123.45"). */
function costFigures(p: Proposal): string[] {
  const wires = [...p.lines.map((l) => l.cost), p.cost_total, p.margin];
  return [...new Set(wires.flatMap((w) => [formatWireMoney(w), formatWireMoney(w).replace('$', '')]))];
}

test('a dealer sends a proposal, the homeowner accepts it with no account, the dealer sees it live and the order goes to the shop', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const dealer = await tokenOf(request, DEMO_USERS.BUSINESS_MANAGER);
  const me = await getJson<{ company: { id: number } | null }>(request, dealer, '/api/users/me/');
  // Accepting submits the order to the shop (the dealer's setting).
  const settings = await request.patch(`/api/accounts/companies/${me.company?.id}/proposal_settings/`, {
    headers: auth(dealer),
    data: { accept_action: 'SUBMIT', display_name: 'Oak & Hearth Kitchens', licence_number: 'LIC-4471' },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // An odd price: its cost figures cannot be mistaken for a price on the client's side.
  const item = await createLineItem(request, admin, '123.47');
  const bid = await createBid(request, dealer, `Proposal ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 2 }]);
  const group = bid.groups[0];
  expect(group).toBeTruthy();

  // The dealer makes the proposal on the bid's page: a client, a markup for the group, an extra line.
  await loginAs(page, 'BUSINESS_MANAGER', `/orders/${bid.id}`);
  await page.getByTestId('make-proposal').click();
  const dialog = page.getByTestId('make-proposal-dialog');
  await expect(dialog).toBeVisible();
  const client = `Harriet Homeowner ${Date.now() % 100_000}`;
  await dialog.getByLabel(T.clientName).fill(client);
  await dialog.getByLabel(T.clientEmail).fill(`harriet${Date.now()}@e2e.test`);
  await dialog.getByLabel(T.markupPercent, { exact: true }).fill('20');
  await dialog.getByLabel(T.groupMarkup(ORDERS_WEB_TEXT.groupName(0, group?.name ?? ''))).fill('45');
  await dialog.getByTestId('proposal-add-extra').click();
  await dialog.getByTestId('proposal-extra-description-0').getByRole('textbox').fill('Installation');
  await dialog.getByTestId('proposal-extra-amount-0').getByRole('textbox').fill('350.00');
  await dialog.getByTestId('make-proposal-submit').click();

  // Its page: a draft with its cost and margin; Send makes it SENT.
  const view = page.getByTestId('proposal-page');
  await expect(view).toHaveAttribute('data-status', 'DRAFT');
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(view.getByTestId('proposal-extra')).toContainText('Installation');
  // A draft is edited before it goes: the form opens with the draft's own values.
  await page.getByTestId('proposal-edit').click();
  const editing = page.getByTestId('make-proposal-dialog');
  await expect(editing.getByLabel(T.clientName)).toHaveValue(client);
  await expect(editing.getByTestId('proposal-extra-description-0').getByRole('textbox')).toHaveValue('Installation');
  const terms = 'Half down, half on installation.';
  await editing.getByLabel(T.terms).fill(terms);
  await editing.getByTestId('make-proposal-submit').click();
  await expect(page.getByText(T.saved_(`P-${String(id).padStart(6, '0')}`))).toBeVisible();
  await expect(editing).toHaveCount(0);
  await page.getByTestId('proposal-send').click();
  await expect(view).toHaveAttribute('data-status', 'SENT');
  const proposal = await getJson<Proposal>(request, dealer, `/api/proposals/${id}/`);
  // 45 % on the group's cost, not the 20 % of the rest, to the cent.
  const line = proposal.lines[0];
  const cost = parseMoney(line?.cost ?? '') ?? 0;
  const price = line?.price ?? '';
  expect(price).toBe(toWire(cents(Math.round((cost * 145) / 100))));
  const link = new URL(new URL(proposal.public_url).pathname, page.url()).toString();
  expect(new URL(link).pathname).toMatch(/^\/p\/.+/);
  await expect(view.getByTestId('proposal-public-url')).toContainText(new URL(link).pathname);

  // The homeowner: another browser, no account. The page and its PDF carry no cost figure.
  const homeowner = await browser.newContext();
  const home = await homeowner.newPage();
  await home.goto(link);
  const paper = home.getByTestId('public-proposal');
  await expect(paper).toBeVisible();
  await expect(home.getByRole('navigation')).toHaveCount(0);
  await expect(paper.getByTestId('public-dealer')).toContainText('Oak & Hearth Kitchens');
  await expect(paper.getByTestId('public-client')).toContainText(client);
  await expect(paper.getByTestId('public-terms')).toHaveText(terms);
  await expect(paper.getByTestId('proposal-line-price').first()).toHaveText(formatWireMoney(price));
  await expect(paper.getByTestId('proposal-extra')).toContainText('Installation');
  await expect(paper.getByTestId('proposal-total')).toHaveText(formatWireMoney(proposal.total));
  // The dealer's page hears that it was opened.
  await expect(view).toHaveAttribute('data-status', 'VIEWED');

  const costs = costFigures(proposal);
  const pageText = await home.locator('body').innerText();
  for (const figure of costs) expect(pageText, `cost ${figure} on the client's page`).not.toContain(figure);
  const pdfPath = String(await paper.getByTestId('public-pdf').getAttribute('href'));
  const pdf = await home.request.get(new URL(pdfPath, link).toString());
  expect(pdf.ok(), await pdf.text()).toBe(true);
  const text = pdfText(await pdf.body());
  expect(text).toContain(PROPOSAL_TEXT.pdf.title(proposal.number));
  // As the paper prints money ($36,474.46): a price past a thousand has its separator.
  expect(text).toContain(formatWireMoney(price));
  expect(text).toContain('Installation');
  for (const figure of costs) expect(text, `cost ${figure} in the client's PDF`).not.toContain(figure);

  // Usable and accessible on a phone and a desktop.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await home.setViewportSize(size);
    await expect(home.getByTestId('public-accept')).toBeVisible();
    await accessible(home, 'body');
  }

  // Accept: the typed full name and the terms ticked.
  await home.getByLabel(T.yourName).fill(client);
  await home.getByLabel(T.acceptTerms).check();
  await home.getByTestId('public-accept').click();
  await expect(home.getByTestId('public-state')).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(home.getByTestId('public-state')).toContainText(client);
  await expect(home.getByTestId('public-answer')).toHaveCount(0);
  const acceptedText = await home.locator('body').innerText();
  for (const figure of costs) expect(acceptedText).not.toContain(figure);
  await homeowner.close();

  // The dealer's page, never reloaded, shows it accepted; the order has gone to the shop.
  await expect(view).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(page.getByTestId('proposal-accepted')).toContainText(client);
  await page.getByTestId('proposal-order').click();
  await expect(page.getByTestId('order-page').getByTestId('order-status').first()).not.toHaveAttribute(
    'data-status',
    'BID',
  );
  await expect(page.getByTestId(`order-proposal-${id}`).getByTestId('proposal-status')).toHaveAttribute(
    'data-status',
    'ACCEPTED',
  );
});

test("the Proposals list finds a client's proposal, sends it from its row, and a withdrawn proposal cannot be accepted", async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const dealer = await tokenOf(request, DEMO_USERS.BUSINESS_MANAGER);
  const item = await createLineItem(request, admin, '88.31');
  const bid = await createBid(request, dealer, `Withdrawn ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
  const client = `Walter Withdrawn ${Date.now() % 100_000}`;
  const made = await request.post(`/api/orders/${bid.id}/proposals/`, {
    headers: auth(dealer),
    data: { client: { name: client, email: `walter${Date.now()}@e2e.test` }, markup_percent: '10' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const proposal = (await made.json()) as Proposal;

  await loginAs(page, 'BUSINESS_MANAGER', '/proposals');
  await page.getByTestId('proposal-client-filter').fill(client);
  const row = page.getByTestId(`proposal-row-${proposal.id}`);
  await expect(row.getByTestId('proposal-status')).toHaveAttribute('data-status', 'DRAFT');
  await row.getByTestId('proposal-send').click();
  await expect(row.getByTestId('proposal-status')).toHaveAttribute('data-status', 'SENT');
  await row.getByTestId('proposal-link').click();
  await page.getByTestId('proposal-withdraw').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: T.withdraw }).click();
  await expect(page.getByTestId('proposal-page')).toHaveAttribute('data-status', 'WITHDRAWN');

  const homeowner = await browser.newContext();
  const home = await homeowner.newPage();
  await home.goto(new URL(new URL(proposal.public_url).pathname, page.url()).toString());
  await expect(home.getByTestId('public-state')).toHaveAttribute('data-status', 'WITHDRAWN');
  await expect(home.getByTestId('public-state')).toHaveText(PROPOSAL_TEXT.pageState.WITHDRAWN);
  await expect(home.getByTestId('public-accept')).toHaveCount(0);
  await homeowner.close();
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test("the dealer's settings (a logo with its preview, the name) reach the client's page, the client declines, and the report counts and downloads", async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const dealer = await tokenOf(request, DEMO_USERS.BUSINESS_MANAGER);
  const me = await getJson<{ company: { id: number } | null }>(request, dealer, '/api/users/me/');
  const name = `Birch Studio ${Date.now() % 100_000}`;

  await loginAs(page, 'BUSINESS_MANAGER', `/settings/users/company/${me.company?.id}?tab=proposals`);
  const form = page.getByTestId('proposal-settings');
  await form
    .getByTestId('proposal-logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(form.getByTestId('proposal-logo-preview')).toBeVisible();
  await form.getByLabel(T.displayName).fill(name);
  await form.getByTestId('proposal-settings-save').click();
  await expect(page.getByText(T.saved)).toBeVisible();

  const item = await createLineItem(request, admin, '61.19');
  const bid = await createBid(request, dealer, `Logo ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 1 }]);
  const made = await request.post(`/api/orders/${bid.id}/proposals/`, {
    headers: auth(dealer),
    data: { client: { name: 'Lena Logo', email: `lena${Date.now()}@e2e.test` } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const proposal = (await made.json()) as Proposal;
  const sent = await request.post(`/api/proposals/${proposal.id}/send/`, { headers: auth(dealer), data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  const homeowner = await browser.newContext();
  const home = await homeowner.newPage();
  await home.goto(new URL(new URL(proposal.public_url).pathname, page.url()).toString());
  await expect(home.getByTestId('public-dealer')).toContainText(name);
  await expect(home.getByTestId('public-logo')).toBeVisible();
  // The homeowner declines with a note; the page then says so and offers no answer.
  await home.getByTestId('public-decline').click();
  await home.getByTestId('public-decline-dialog').getByLabel(T.declineNote).fill('We went with another quote.');
  await home.getByTestId('public-decline-submit').click();
  await expect(home.getByTestId('public-state')).toHaveAttribute('data-status', 'DECLINED');
  await expect(home.getByTestId('public-answer')).toHaveCount(0);
  // A link that is no proposal says so, without an account either.
  await home.goto(new URL('/p/not-a-real-token', page.url()).toString());
  await expect(home.getByTestId('public-not-found')).toHaveText(T.notFound);
  await homeowner.close();

  // The report: a month's row counts what was sent (the month is the shop's); the CSV has the same columns.
  await page.goto('/proposals/report');
  const row = page.locator('[data-testid^="proposal-report-2"]').first();
  await expect(row).toBeVisible();
  const month = String(await row.getAttribute('data-testid')).replace('proposal-report-', '');
  const file = await downloadFrom(page, page.getByTestId('proposal-report-csv'));
  const csv = await readFile(String(await file.path()), 'utf8');
  expect(csv.split('\n')[0]).toContain(PROPOSAL_TEXT.reportColumns.join(','));
  expect(csv).toContain(month);

  // The manager's menu entry opens the same settings: the company's.
  await page.goto('/settings/proposals');
  await expect(page.getByTestId('proposal-settings').getByLabel(T.displayName)).toHaveValue(name);
});
