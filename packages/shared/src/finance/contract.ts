import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  boundDiscountBodySchema,
  boundDiscountListQuerySchema,
  boundDiscountPatchSchema,
  boundDiscountSchema,
  discountCodeListQuerySchema,
  discountCodePatchSchema,
  discountCodeRuleBodySchema,
  discountCodeSchema,
  financeDeletedSchema,
  overdueInterestBodySchema,
  overdueInterestSchema,
  paymentOptionBodySchema,
  paymentOptionListQuerySchema,
  paymentOptionPatchSchema,
  paymentOptionRuleSchema,
  paymentRuleBodySchema,
  paymentRuleListQuerySchema,
  paymentRulePatchSchema,
  paymentRuleSchema,
  remindersQueuedSchema,
  storageFeesBodySchema,
  storageFeesSchema,
  surchargeBodySchema,
  surchargeListQuerySchema,
  surchargePatchSchema,
  surchargeSchema,
} from './schemas.ts';

/** The finance rules and the accounts' charge settings and reminders: ADMIN only (SPEC 2, 6). */
const api = endpointsFor(['finance']);
const idParams = z.object({ id: idField() });
const F = '/api/finance';

/** list, create, detail, PATCH and DELETE of one rule kind under `/api/finance/<path>/`. */
function crud<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  path: string,
  what: string,
  s: { query: Q; body: B; patch: P; item: R },
) {
  const base = `${F}/${path}`;
  return {
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
    remove: api.admin({
      method: 'DELETE',
      path: `${base}/:id/`,
      summary: `Delete a ${what} (400 rule_in_use when orders reference it: deactivate it instead)`,
      params: idParams,
      response: financeDeletedSchema,
    }),
  };
}

const paymentOptions = crud('payment_options', 'payment option', {
  query: paymentOptionListQuerySchema,
  body: paymentOptionBodySchema,
  patch: paymentOptionPatchSchema,
  item: paymentOptionRuleSchema,
});
const paymentRules = crud('payment_rules', 'payment rule', {
  query: paymentRuleListQuerySchema,
  body: paymentRuleBodySchema,
  patch: paymentRulePatchSchema,
  item: paymentRuleSchema,
});
const surcharges = crud('surcharges', 'surcharge', {
  query: surchargeListQuerySchema,
  body: surchargeBodySchema,
  patch: surchargePatchSchema,
  item: surchargeSchema,
});
const boundDiscounts = crud('bound_discounts', 'bound discount', {
  query: boundDiscountListQuerySchema,
  body: boundDiscountBodySchema,
  patch: boundDiscountPatchSchema,
  item: boundDiscountSchema,
});
const discountCodes = crud('discount_codes', 'code discount', {
  query: discountCodeListQuerySchema,
  body: discountCodeRuleBodySchema,
  patch: discountCodePatchSchema,
  item: discountCodeSchema,
});

/** The per-account calls: `customers/{id}` or `companies/{id}` under /api/accounts (SPEC 7). */
function accountCalls(party: 'customers' | 'companies', who: string) {
  const base = `/api/accounts/${party}/:id`;
  return {
    sendPaymentReminder: api.admin({
      method: 'POST',
      path: `${base}/send_payment_reminder/`,
      summary: `Queue the payment_reminder e-mail to ${who}; answers { queued } (the e-mails queued)`,
      params: idParams,
      response: remindersQueuedSchema,
    }),
    sendPickupReminder: api.admin({
      method: 'POST',
      path: `${base}/send_pickup_reminder/`,
      summary: `Queue a pickup_reminder e-mail to ${who} for each completed order waiting; answers { queued }`,
      params: idParams,
      response: remindersQueuedSchema,
    }),
    overdueInterest: api.admin({
      method: 'GET',
      path: `${base}/overdue_interest/`,
      summary: `The overdue interest settings of ${who}`,
      params: idParams,
      response: overdueInterestSchema,
    }),
    updateOverdueInterest: api.admin({
      method: 'PATCH',
      path: `${base}/overdue_interest/`,
      summary: `Set the overdue interest of ${who}: { enabled, monthly_percentage, grace_days, on_fees }`,
      params: idParams,
      body: overdueInterestBodySchema,
      response: overdueInterestSchema,
    }),
    storageFees: api.admin({
      method: 'GET',
      path: `${base}/storage_fees/`,
      summary: `The storage fee settings of ${who}`,
      params: idParams,
      response: storageFeesSchema,
    }),
    updateStorageFees: api.admin({
      method: 'PATCH',
      path: `${base}/storage_fees/`,
      summary: `Set the storage fees of ${who}: { enabled, daily_amount, free_days }`,
      params: idParams,
      body: storageFeesBodySchema,
      response: storageFeesSchema,
    }),
  };
}

const customer = accountCalls('customers', 'a customer');
const company = accountCalls('companies', "a company's managers");

export const financeApi = {
  paymentOptionList: paymentOptions.list,
  paymentOptionCreate: paymentOptions.create,
  paymentOptionDetail: paymentOptions.detail,
  paymentOptionUpdate: paymentOptions.update,
  paymentOptionDelete: paymentOptions.remove,
  paymentRuleList: paymentRules.list,
  paymentRuleCreate: paymentRules.create,
  paymentRuleDetail: paymentRules.detail,
  paymentRuleUpdate: paymentRules.update,
  paymentRuleDelete: paymentRules.remove,
  surchargeList: surcharges.list,
  surchargeCreate: surcharges.create,
  surchargeDetail: surcharges.detail,
  surchargeUpdate: surcharges.update,
  surchargeDelete: surcharges.remove,
  boundDiscountList: boundDiscounts.list,
  boundDiscountCreate: boundDiscounts.create,
  boundDiscountDetail: boundDiscounts.detail,
  boundDiscountUpdate: boundDiscounts.update,
  boundDiscountDelete: boundDiscounts.remove,
  discountCodeList: discountCodes.list,
  discountCodeCreate: discountCodes.create,
  discountCodeDetail: discountCodes.detail,
  discountCodeUpdate: discountCodes.update,
  discountCodeDelete: discountCodes.remove,
  customerPaymentReminder: customer.sendPaymentReminder,
  customerPickupReminder: customer.sendPickupReminder,
  customerOverdueInterest: customer.overdueInterest,
  customerUpdateOverdueInterest: customer.updateOverdueInterest,
  customerStorageFees: customer.storageFees,
  customerUpdateStorageFees: customer.updateStorageFees,
  companyPaymentReminder: company.sendPaymentReminder,
  companyPickupReminder: company.sendPickupReminder,
  companyOverdueInterest: company.overdueInterest,
  companyUpdateOverdueInterest: company.updateOverdueInterest,
  companyStorageFees: company.storageFees,
  companyUpdateStorageFees: company.updateStorageFees,
};
