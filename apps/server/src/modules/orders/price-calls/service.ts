import { addressSnapshot } from '@cab/db';
import {
  cents,
  checkDiscountCode,
  type customDiscountSchema,
  DISCOUNT_CODE_REFUSAL_TEXT,
  discountCodeInput,
  ERROR_CODES,
  formatMoney,
  MONEY_CENTS,
  MSG,
  noChargeRules,
  ORDER_TEXT,
  type Order,
  type orderQuoteQuerySchema,
  parseCustomDiscount,
  priceOrder,
  toWire,
} from '@cab/shared';
import type { z } from 'zod';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { badRequest, fieldError } from '../../../kit/errors.ts';
import { addressOfOwner } from '../../accounts/index.ts';
import { customerOf } from '../../auth/index.ts';
import {
  admittedPaymentOptions,
  claimCode,
  discountCodeById,
  discountCodeByText,
  releaseCode,
} from '../../finance/index.ts';
import { changeOrder } from '../change/change.ts';
import { assertCodeOpen, assertPriceOpen, ORDER_ERROR_CODES } from '../guards.ts';
import { chooserOf, everyTotal, freezeRules, frozenGroups, liveRules, orderLevelInput } from '../pricing/inputs.ts';
import { repriceFromCatalogue, repriceTotals, totalsColumns } from '../pricing/reprice.ts';
import { loadOrderRow } from '../reach.ts';
import { getOrder } from '../read.ts';
import * as repo from '../repository.ts';
import { auditTotals, toWirePaymentOption } from '../wire.ts';

/**
 * The price calls: recalculate, the custom discount, discount codes, the payment option discount
 * bypass, and the reads that price without writing (quote, payment options).
 */

export function recalculate(ctx: Ctx, id: number, version?: number) {
  return changeOrder(ctx, id, {
    version,
    action: 'recalculate',
    allowed: (tx, row) => assertPriceOpen(tx, row, 'recalculated'),
    apply: async (tx, row) => {
      // The only reprice that reads today's rules: a submitted order's frozen rules are replaced.
      const rules = row.status === 'BID' ? null : await freezeRules(tx, id);
      return { rules, ...(await repriceFromCatalogue(tx, id)) };
    },
    reprice: async (_tx, _row, applied) => applied.row,
    record: (row, saved, { rules, changes }) => ({
      before: { ...auditTotals(row), ...everyTotal(row), ...(rules ? { rules: row.frozenRules } : {}) },
      after: {
        ...auditTotals(saved),
        ...everyTotal(saved),
        ...(rules ? { rules } : {}),
        changed_lines: changes.length,
        changes,
      },
    }),
    answer: async (tx, saved, { changes }, row) => ({
      order: await getOrder(tx, id),
      changes,
      old_total_price: toWire(row.totalPrice),
      new_total_price: toWire(saved.totalPrice),
    }),
  });
}

type CustomDiscountBody = z.output<typeof customDiscountSchema>;

const customFields = (row: repo.OrderRow) => ({
  custom_discount_amount: row.customDiscountAmount === null ? null : toWire(row.customDiscountAmount),
  custom_discount_percentage: row.customDiscountPercentage === null ? null : toWire(row.customDiscountPercentage),
  custom_discount_notes: row.customDiscountNotes,
});

/** SPEC 5: "12.5%" a percentage, "-40" an amount; setting one clears the other; both empty clear it. */
export async function updateCustomDiscount(
  ctx: Ctx,
  id: number,
  body: CustomDiscountBody,
  version?: number,
): Promise<Order> {
  const amountText = body.custom_discount_amount?.trim() || '';
  const percentText = body.custom_discount_percentage?.trim() || '';
  let value: ReturnType<typeof parseCustomDiscount> = {
    custom_discount_amount: null,
    custom_discount_percentage: null,
  };
  if (amountText && percentText) {
    throw fieldError(ERROR_CODES.validation, 'custom_discount_percentage', MSG.customDiscount);
  }
  if (amountText) {
    value = parseCustomDiscount(amountText);
    if (!value) throw fieldError(ERROR_CODES.validation, 'custom_discount_amount', MSG.customDiscount);
    // The column is int4 cents: a larger amount is the field's error, not the database's.
    if (Math.abs(value.custom_discount_amount!) > MONEY_CENTS.max) {
      throw fieldError(
        ERROR_CODES.validation,
        'custom_discount_amount',
        MSG.moneyOutOfRange(toWire(cents(MONEY_CENTS.min)), toWire(cents(MONEY_CENTS.max))),
      );
    }
  } else if (percentText) {
    value = parseCustomDiscount(percentText.endsWith('%') ? percentText : `${percentText}%`);
    if (!value) throw fieldError(ERROR_CODES.validation, 'custom_discount_percentage', MSG.customDiscount);
  }
  return changeOrder(ctx, id, {
    version,
    action: 'update_custom_discount',
    allowed: (tx, row) => assertPriceOpen(tx, row, 'discounted'),
    apply: (tx) =>
      repo.updateOrder(tx.db, id, {
        customDiscountAmount: value!.custom_discount_amount,
        customDiscountPercentage: value!.custom_discount_percentage,
        ...(body.custom_discount_notes !== undefined ? { customDiscountNotes: body.custom_discount_notes } : {}),
      }),
    reprice: async (tx) => {
      const saved = await repriceTotals(tx, id);
      // A fixed discount larger than what is left to discount would be silently cut: refused.
      const step = saved.pricingSteps.find((s) => s.kind === 'custom_discount');
      if (value!.custom_discount_amount !== null && step && Math.abs(value!.custom_discount_amount) > step.base) {
        throw fieldError(
          ERROR_CODES.validation,
          'custom_discount_amount',
          ORDER_TEXT.customDiscountMoreThanOrder(formatMoney(cents(Math.max(step.base, 0)))),
        );
      }
      return saved;
    },
    record: (row, saved) => ({
      before: { ...customFields(row), ...auditTotals(row) },
      after: { ...customFields(saved), ...auditTotals(saved) },
    }),
  });
}

/**
 * Marks an order "no charge" (an uncharged remake, decision 0029): a 100 % custom discount with
 * `notes`, and order-level rules frozen without surcharges, payment option discount or tax
 * (noChargeRules; kept by a later recalculate), so the order totals exactly $0.00. A use case for
 * other modules (remakes); no route calls it.
 */
export function markNoCharge(ctx: Ctx, id: number, notes: string, version?: number): Promise<Order> {
  const free = parseCustomDiscount('100%')!;
  return changeOrder(ctx, id, {
    version,
    action: 'no_charge',
    allowed: (tx, row) => assertPriceOpen(tx, row, 'discounted'),
    apply: async (tx, row) => {
      const rules = noChargeRules(row.frozenRules ?? (await liveRules(tx, row)));
      await repo.updateOrder(tx.db, id, {
        customDiscountAmount: null,
        customDiscountPercentage: free.custom_discount_percentage,
        customDiscountNotes: notes,
        frozenRules: rules,
      });
      return rules;
    },
    record: (row, saved, rules) => ({
      before: { ...customFields(row), ...auditTotals(row), rules: row.frozenRules },
      after: { ...customFields(saved), ...auditTotals(saved), rules },
    }),
  });
}

export function enterDiscountCode(ctx: Ctx, id: number, text: string, version?: number): Promise<Order> {
  return changeOrder(ctx, id, {
    version,
    action: 'discount_code',
    allowed: (tx, row) => {
      assertCodeOpen(tx, row);
      if (row.discountCodeId !== null) {
        throw fieldError(ORDER_ERROR_CODES.discountCodeAlreadySet, 'discount_code', ORDER_TEXT.discountCodeAlreadySet);
      }
    },
    apply: async (tx, row) => {
      const code = await discountCodeByText(tx.db, text);
      if (!code) {
        throw fieldError(ORDER_ERROR_CODES.discountCodeUnknown, 'discount_code', ORDER_TEXT.discountCodeUnknown);
      }
      const refusal = checkDiscountCode(discountCodeInput(code, false), {
        today: todayOf(tx),
        total: row.totalAfterCustomerDiscount,
      });
      if (refusal) {
        throw fieldError(ORDER_ERROR_CODES.discountCodeRefused, 'discount_code', DISCOUNT_CODE_REFUSAL_TEXT[refusal]);
      }
      // Past BID the code is the order's now: one use claimed atomically (a bid claims at submit),
      // and frozen with the order's other rules (decision 0017).
      const claimed = row.status !== 'BID';
      if (claimed && !(await claimCode(tx.db, code.id))) {
        throw fieldError(ORDER_ERROR_CODES.discountCodeRefused, 'discount_code', DISCOUNT_CODE_REFUSAL_TEXT.used_up);
      }
      await repo.updateOrder(tx.db, id, {
        discountCodeId: code.id,
        discountCodeClaimed: claimed,
        ...(row.frozenRules
          ? { frozenRules: { ...row.frozenRules, discountCode: discountCodeInput(code, claimed) } }
          : {}),
      });
      return { code: code.code, claimed };
    },
    record: (row, saved, applied) => ({
      before: { discount_code: null, ...auditTotals(row) },
      after: { discount_code: applied.code, claimed: applied.claimed, ...auditTotals(saved) },
    }),
  });
}

export function cancelDiscountCode(ctx: Ctx, id: number, version?: number): Promise<Order> {
  return changeOrder(ctx, id, {
    version,
    action: 'cancel_discount_code',
    allowed: (tx, row) => {
      assertCodeOpen(tx, row);
      if (row.discountCodeId === null) throw badRequest(ORDER_ERROR_CODES.noDiscountCode, ORDER_TEXT.noDiscountCode);
    },
    apply: async (tx, row) => {
      const codeId = row.discountCodeId!;
      const code = await discountCodeById(tx.db, codeId);
      if (row.discountCodeClaimed) await releaseCode(tx.db, codeId);
      await repo.updateOrder(tx.db, id, {
        discountCodeId: null,
        discountCodeClaimed: false,
        ...(row.frozenRules ? { frozenRules: { ...row.frozenRules, discountCode: null } } : {}),
      });
      return code?.code ?? null;
    },
    record: (row, saved, code) => ({
      before: { discount_code: code, claimed: row.discountCodeClaimed, ...auditTotals(row) },
      after: { discount_code: null, ...auditTotals(saved) },
    }),
  });
}

export function updateBypassPaymentOptionDiscount(
  ctx: Ctx,
  id: number,
  bypass: boolean,
  version?: number,
): Promise<Order> {
  return changeOrder(ctx, id, {
    version,
    action: 'update_bypass_payment_option_discount',
    allowed: (tx, row) => assertPriceOpen(tx, row, 'changed'),
    apply: (tx) => repo.updateOrder(tx.db, id, { bypassPaymentOptionDiscount: bypass }),
    record: (row, saved) => ({
      before: { bypass_payment_option_discount: row.bypassPaymentOptionDiscount, ...auditTotals(row) },
      after: { bypass_payment_option_discount: bypass, ...auditTotals(saved) },
    }),
  });
}

/**
 * GET {id}/quote/: the totals the order would have with the submit form's choices, priced exactly
 * as submit prices them (the stored lines; today's rules for a bid, the frozen ones otherwise).
 * Nothing is written. An address that is not the customer's is ignored.
 */
export async function quoteOrder(ctx: Ctx, id: number, query: z.output<typeof orderQuoteQuerySchema>) {
  const row = await loadOrderRow(ctx, id);
  const shipping =
    query.shipping_address === undefined
      ? null
      : await addressOfOwner(ctx.db, query.shipping_address, row.customerId, row.companyId);
  const asChosen: repo.OrderRow = {
    ...row,
    customerPaymentOptionId: query.customer_payment_option ?? row.customerPaymentOptionId,
    paymentMethod: query.payment_method ?? row.paymentMethod,
    shippingMethod: query.shipping_method ?? row.shippingMethod,
    shippingAddress: shipping ? addressSnapshot(shipping) : row.shippingAddress,
  };
  const [groups, items] = await Promise.all([repo.groupsOf(ctx.db, id), repo.itemsOf(ctx.db, id)]);
  const level = await orderLevelInput(ctx, asChosen);
  const pricing = priceOrder({ ...level, groups: frozenGroups(groups, items) });
  return everyTotal({ ...row, ...totalsColumns(pricing) } as repo.OrderRow);
}

/** GET {id}/payment_options?date=: the options valid on the date that the payment rules admit (finance). */
export async function paymentOptions(ctx: Ctx, id: number, date: string | undefined) {
  const row = await loadOrderRow(ctx, id);
  const customer = await customerOf(ctx.db, row.customerId);
  const rows = await admittedPaymentOptions(ctx.db, chooserOf(row, customer, date ?? todayOf(ctx)));
  return { results: rows.map(toWirePaymentOption) };
}
