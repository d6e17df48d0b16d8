import { DASHBOARD_TEXT, type Dashboard, formatWireMoney, INVOICE_WEB_TEXT, PAGE_SIZE, parseMoney } from '@cab/shared';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, loginAs } from '../fixtures.ts';
import { auth, createBid, createLineItem, getJson, submitByApi, tokenOf } from '../order-helpers.ts';

/**
 * Issue 27, what a customer sees: the personal customer's dashboard shows what it owes and the
 * credit it holds, and a card leads to the invoice list that sums up to it.
 */
test('the personal customer sees balance due and credit on the dashboard and follows a card to its invoices', async ({
  page,
}) => {
  // An order made, submitted and approved through the API first; a loaded machine needs the time.
  test.setTimeout(120_000);
  const request = page.request;
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const personal = await tokenOf(request, DEMO_USERS.PERSONAL);
  const me = await getJson<{ id: number }>(request, personal, '/api/users/me/');
  // An approved order (its invoice is open) and some credit of its own, so the cards have something to show.
  const item = await createLineItem(request, admin, '123.45');
  const bid = await createBid(request, personal, `Dashboard e2e ${Date.now()}`, [
    { _id: 'a', line_item: item, qty: 2 },
  ]);
  await submitByApi(request, personal, bid);
  const approved = await request.post(`/api/orders/${bid.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  const given = await request.post(`/api/accounts/customers/${me.id}/credit/`, {
    headers: auth(admin),
    data: { amount: '12.34', notes: 'Dashboard e2e' },
  });
  expect(given.status(), await given.text()).toBe(201);
  const credit = await getJson<{ available: string }>(request, personal, `/api/accounts/customers/${me.id}/credit/`);
  const dashboard = await getJson<Dashboard>(request, personal, '/api/core/dashboard/');
  const due = dashboard.cards.find((c) => c.key === 'balance_due')!;
  expect(parseMoney(String(due.value))).toBeGreaterThan(0);

  await loginAs(page, 'PERSONAL', '/');
  const dueCard = page.getByTestId('dashboard-card-balance_due');
  await expect(dueCard).toContainText(DASHBOARD_TEXT.balanceDue);
  await expect(dueCard.getByTestId('dashboard-card-value')).toHaveText(formatWireMoney(String(due.value)));
  const creditCard = page.getByTestId('dashboard-card-credit_available');
  await expect(creditCard).toContainText(DASHBOARD_TEXT.creditAvailable);
  await expect(creditCard.getByTestId('dashboard-card-value')).toHaveText(formatWireMoney(credit.available));
  await expect(page.getByTestId('dashboard-card-balance_overdue')).toBeVisible();
  await expect(page.getByTestId('dashboard-card-next_due_date')).toBeVisible();

  // The card is a link to the open invoices; their balances add up to it, and the credit is there too.
  await page.getByRole('link', { name: new RegExp(`^${DASHBOARD_TEXT.balanceDue}`) }).click();
  await expect(page).toHaveURL(/\/invoices\?page=1$/);
  const table = page.getByTestId('invoices-table');
  await expect(table.getByTestId('invoice-link').first()).toBeVisible();
  await expect(page.getByTestId('credit-available')).toContainText(INVOICE_WEB_TEXT.creditAvailableLabel);
  await expect(page.getByTestId('credit-available-amount')).toHaveText(formatWireMoney(credit.available));
  const list = await getJson<{ results: { balance: string }[]; total: number }>(
    request,
    personal,
    '/api/invoices/?page_size=200',
  );
  await expect(table.getByTestId('invoice-row-balance')).toHaveCount(Math.min(list.total, PAGE_SIZE.orders));
  const cents = list.results.reduce((sum, r) => sum + parseMoney(r.balance)!, 0);
  expect(cents).toBe(parseMoney(String(due.value)));
});
