import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  boundDiscountCalls,
  discountCodeCalls,
  financeDeletedSchema,
  overdueInterestBodySchema,
  overdueInterestSchema,
  paymentOptionCalls,
  paymentRuleCalls,
  remindersQueuedSchema,
  storageFeesBodySchema,
  storageFeesSchema,
  surchargeCalls,
} from './schemas.ts';

/** The finance rules and the accounts' charge settings and reminders: ADMIN only (SPEC 2, 6). */
const api = endpointsFor(['finance']);
const idParams = z.object({ id: idField() });
const F = '/api/finance';

/** `calls` under `name`: { list } of 'paymentOption' is { paymentOptionList }. */
type Named<N extends string, C> = { [K in keyof C & string as `${N}${Capitalize<K>}`]: C[K] };
function named<N extends string, C extends Record<string, unknown>>(name: N, calls: C): Named<N, C> {
  return Object.fromEntries(
    Object.entries(calls).map(([key, call]) => [`${name}${key[0]!.toUpperCase()}${key.slice(1)}`, call]),
  ) as Named<N, C>;
}

/** list, create, detail, PATCH and DELETE of one rule kind under `/api/finance/<path>/`, named `<name>List` etc. */
function crud<N extends string, Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  name: N,
  path: string,
  what: string,
  s: { query: Q; body: B; patch: P; item: R },
) {
  const base = `${F}/${path}`;
  return named(name, {
    list: api.admin({
      method: 'GET',
      path: `${base}/`,
      summary: `${what}: page, page_size, order_by and filters; answers { results, total }`,
      query: s.query,
      response: paged(s.item),
    }),
    create: api.admin({
      method: 'POST',
      path: `${base}/`,
      summary: `Create a ${what}`,
      body: s.body,
      response: s.item,
      status: 201,
    }),
    detail: api.admin({
      method: 'GET',
      path: `${base}/:id/`,
      summary: `One ${what}`,
      params: idParams,
      response: s.item,
    }),
    update: api.admin({
      method: 'PATCH',
      path: `${base}/:id/`,
      summary: `Change a ${what} (only the fields sent)`,
      params: idParams,
      body: s.patch,
      response: s.item,
    }),
    delete: api.admin({
      method: 'DELETE',
      path: `${base}/:id/`,
      summary: `Delete a ${what} (400 rule_in_use when orders reference it: deactivate it instead)`,
      params: idParams,
      response: financeDeletedSchema,
    }),
  });
}

/** The per-account calls: `customers/{id}` or `companies/{id}` under /api/accounts (SPEC 7). */
function accountCalls<N extends string>(name: N, party: 'customers' | 'companies', who: string) {
  const base = `/api/accounts/${party}/:id`;
  /** The GET and the PATCH of one of the account's settings under `<base>/<path>/`. */
  const settings = <R extends z.ZodType, B extends z.ZodType>(
    path: string,
    response: R,
    body: B,
    [read, set]: [string, string],
  ) =>
    [
      api.admin({ method: 'GET', path: `${base}/${path}/`, summary: read, params: idParams, response }),
      api.admin({ method: 'PATCH', path: `${base}/${path}/`, summary: set, params: idParams, body, response }),
    ] as const;
  const [overdueInterest, updateOverdueInterest] = settings(
    'overdue_interest',
    overdueInterestSchema,
    overdueInterestBodySchema,
    [
      `The overdue interest settings of ${who}`,
      `Set the overdue interest of ${who}: { enabled, monthly_percentage, grace_days, on_fees }`,
    ],
  );
  const [storageFees, updateStorageFees] = settings('storage_fees', storageFeesSchema, storageFeesBodySchema, [
    `The storage fee settings of ${who}`,
    `Set the storage fees of ${who}: { enabled, daily_amount, free_days }`,
  ]);
  return named(name, {
    paymentReminder: api.admin({
      method: 'POST',
      path: `${base}/send_payment_reminder/`,
      summary: `Queue the payment_reminder e-mail to ${who}; answers { queued } (the e-mails queued)`,
      params: idParams,
      response: remindersQueuedSchema,
    }),
    pickupReminder: api.admin({
      method: 'POST',
      path: `${base}/send_pickup_reminder/`,
      summary: `Queue a pickup_reminder e-mail to ${who} for each completed order waiting; answers { queued }`,
      params: idParams,
      response: remindersQueuedSchema,
    }),
    overdueInterest,
    updateOverdueInterest,
    storageFees,
    updateStorageFees,
  });
}

export const financeApi = {
  ...crud('paymentOption', 'payment_options', 'payment option', paymentOptionCalls),
  ...crud('paymentRule', 'payment_rules', 'payment rule', paymentRuleCalls),
  ...crud('surcharge', 'surcharges', 'surcharge', surchargeCalls),
  ...crud('boundDiscount', 'bound_discounts', 'bound discount', boundDiscountCalls),
  ...crud('discountCode', 'discount_codes', 'code discount', discountCodeCalls),
  ...accountCalls('customer', 'customers', 'a customer'),
  ...accountCalls('company', 'companies', "a company's managers"),
};
