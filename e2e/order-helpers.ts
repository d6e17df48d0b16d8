import { NO_PREMIUMS, type Order, type OrderQuote, type Payment } from '@cab/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, tokenOf } from './fixtures.ts';

/** Orders made through the API for the order page's browser tests (each test its own order). */

export { tokenOf };
export const auth = (token: string) => ({ Authorization: `Token ${token}` });

export async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: auth(token) });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A catalogue item with no doors or drawers (no premium needed), made for the test. */
export async function createLineItem(request: APIRequestContext, admin: string, price: string): Promise<number> {
  const categories = await getJson<{ results: { id: number }[] }>(request, admin, '/api/catalog/category/?page_size=1');
  const category = categories.results[0];
  expect(category, 'a demo category').toBeTruthy();
  const code = `E2E${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/catalog/items/', {
    headers: auth(admin),
    data: { manufacturer_code: code, price, category: category?.id, export_name_1: code, base_category: 'ACCESSORY' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The people of most order tests (the admin, a personal customer) and a catalogue item at `price`. */
export async function orderPeople(request: APIRequestContext, price: string) {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, DEMO_USERS.PERSONAL);
  return { admin, customer, item: await createLineItem(request, admin, price) };
}

export interface LineInput {
  _id: string;
  line_item: number;
  qty: number;
  is_attachment?: boolean;
  parentId?: string | null;
  hinge?: string | null;
  finished_side?: number | null;
}

export async function createBid(
  request: APIRequestContext,
  token: string,
  name: string,
  items: LineInput[],
): Promise<Order> {
  const response = await request.post('/api/orders/', {
    headers: auth(token),
    data: { name, groups: [{ premiums: NO_PREMIUMS, items: items.map((i) => ({ is_attachment: false, ...i })) }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

export async function paymentOptions(request: APIRequestContext, token: string, orderId: number) {
  const page = await getJson<{ results: { id: number; name: string }[] }>(
    request,
    token,
    `/api/orders/${orderId}/payment_options/`,
  );
  expect(page.results, 'the demo payment options').not.toHaveLength(0);
  return page.results;
}

export interface AddressRow {
  id: number;
  kind: string;
  name: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
}

export const addressesOf = (request: APIRequestContext, token: string, customer: number) =>
  getJson<AddressRow[]>(request, token, `/api/accounts/customer/${customer}/address/`);

export function quote(request: APIRequestContext, token: string, orderId: number, choice: Record<string, string>) {
  return getJson<OrderQuote>(request, token, `/api/orders/${orderId}/quote/?${new URLSearchParams(choice)}`);
}

/** Submits a BID as its customer through the API (pickup, the first payment option, check). */
export async function submitByApi(request: APIRequestContext, token: string, order: Order): Promise<Order> {
  const billing = (await addressesOf(request, token, order.customer)).find((a) => a.kind === 'BILLING');
  const [option] = await paymentOptions(request, token, order.id);
  const response = await request.post(`/api/orders/${order.id}/submit/`, {
    headers: auth(token),
    multipart: {
      completion_preference: 'ALL_AT_ONCE',
      job_priority: 'NORMAL',
      shipping_method: 'PICKUP',
      billing_address: String(billing?.id),
      customer_payment_option: String(option?.id),
      payment_method: 'CHECK',
      password: DEMO_PASSWORD,
      terms_of_use: 'true',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** An order of the customer `owner` made, submitted and approved through the API: its invoice issued. */
export async function approvedOrder(request: APIRequestContext, owner: string, name: string, price = '123.45') {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const customer = await tokenOf(request, owner);
  const item = await createLineItem(request, admin, price);
  const bid = await createBid(request, customer, `${name} ${Date.now()}`, [{ _id: 'a', line_item: item, qty: 3 }]);
  const order = await submitByApi(request, customer, bid);
  const approved = await request.post(`/api/orders/${order.id}/approve/`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await approved.json()) as Order;
}

/** A check recorded by the admin on a milestone (its whole balance unless `amount` says otherwise). */
export async function payByCheck(
  request: APIRequestContext,
  milestoneId: number,
  data: { reference: string; amount?: string; received_on?: string },
) {
  const admin = await tokenOf(request, DEMO_USERS.ADMIN);
  const res = await request.post(`/api/invoices/milestones/${milestoneId}/pay/`, {
    headers: auth(admin),
    data: { method: 'CHECK', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { payment: Payment }).payment;
}
