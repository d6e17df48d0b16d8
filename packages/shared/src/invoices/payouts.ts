import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { isoDay, optionalParam } from '../http/list.ts';
import { INVOICE_TEXT } from './messages.ts';
import { PAY_METHODS } from './schemas.ts';

/**
 * Matching the bank statement (issue 34), ADMIN only: Stripe's payouts with the card and bank
 * payments in each (gross, Stripe's fees, net), each matched to our payment or refund or flagged;
 * and the checks and cash received, grouped into one bank deposit per day.
 */

const money = z.string();
const isoDate = isoDay(INVOICE_TEXT.dateInvalid);
const rangeQuery = z.object({
  /** Arrival (payouts) or received (deposits) on or after / on or before; default the last 30 days. */
  date_after: optionalParam(isoDate),
  date_before: optionalParam(isoDate),
});
export type PayoutRangeQuery = z.infer<typeof rangeQuery>;

/** Why a line of a payout is not simply one of our payments. */
const PAYOUT_FLAGS = ['unmatched', 'amount_differs', 'not_a_payment'] as const;
export type PayoutFlag = (typeof PAYOUT_FLAGS)[number];

const matchedPaymentSchema = z.object({
  id: z.number(),
  method: z.enum(PAY_METHODS),
  amount: money,
  invoice: z.object({ id: z.number(), number: z.string() }),
  payer: z.string(),
});

const payoutLineSchema = z.object({
  /** Stripe's balance transaction id (txn_…). */
  id: z.string(),
  type: z.string(),
  date: z.string(),
  /** The charge or refund at Stripe (ch_…, py_…, re_…), and its PaymentIntent. */
  source: z.string(),
  payment_intent: z.string().nullable(),
  gross: money,
  fee: money,
  net: money,
  /** Our payment it is (a charge) or was given back from (a refund). */
  payment: matchedPaymentSchema.nullable(),
  /** Our refund, for a refund line. */
  refund: z.number().nullable(),
  flag: z.enum(PAYOUT_FLAGS).nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

const payoutSchema = z.object({
  id: z.string(),
  arrival_date: z.string(),
  status: z.string(),
  /** What reached the bank. */
  amount: money,
  gross: money,
  fees: money,
  net: money,
  flagged: z.number().int(),
  lines: z.array(payoutLineSchema),
});
export type Payout = z.infer<typeof payoutSchema>;

const payoutsSchema = z.object({
  /** False without Stripe keys: nothing to list. */
  configured: z.boolean(),
  date_after: z.string(),
  date_before: z.string(),
  results: z.array(payoutSchema),
});
export type Payouts = z.infer<typeof payoutsSchema>;

const depositSchema = z.object({
  date: z.string(),
  count: z.number().int(),
  amount: money,
  payments: z.array(matchedPaymentSchema.extend({ reference: z.string() })),
});
export type Deposit = z.infer<typeof depositSchema>;

const depositsSchema = z.object({
  date_after: z.string(),
  date_before: z.string(),
  results: z.array(depositSchema),
  total: money,
});
export type Deposits = z.infer<typeof depositsSchema>;

const api = endpointsFor(['finance']);
export const payoutsApi = {
  payouts: api.admin({
    method: 'GET',
    path: '/api/finance/payouts/',
    summary:
      'Stripe payouts arriving between date_after and date_before, each with its balance transactions (gross, fee, net) matched to our payments and refunds or flagged',
    query: rangeQuery,
    response: payoutsSchema,
  }),
  deposits: api.admin({
    method: 'GET',
    path: '/api/finance/deposits/',
    summary: 'Checks and cash received between date_after and date_before, one bank deposit per day',
    query: rangeQuery,
    response: depositsSchema,
  }),
};

/** The Payouts screen's words. */
export const PAYOUTS_TEXT = {
  title: 'Payouts',
  subtitle: 'Stripe payouts with the payments in each, and the checks and cash deposited by day.',
  notConfigured: 'Card and bank payments are not configured: there are no Stripe payouts to show.',
  noPayouts: 'No payouts in these dates',
  noDeposits: 'No checks or cash received in these dates',
  payoutsTitle: 'Stripe payouts',
  depositsTitle: 'Bank deposits (checks and cash)',
  arrival: 'Arrives',
  status: 'Status',
  gross: 'Gross',
  fees: 'Stripe fees',
  net: 'Net',
  amount: 'Amount',
  flagged: (n: number) => (n === 1 ? '1 line to check' : `${n} lines to check`),
  allMatched: 'All matched',
  type: 'Type',
  source: 'Stripe id',
  payment: 'Our payment',
  date: 'Date',
  count: 'Payments',
  reference: 'Reference',
  payer: 'Payer',
  invoice: 'Invoice',
  refundOf: (id: number) => `Refund #${id}`,
  flags: {
    unmatched: 'Not found in our payments',
    amount_differs: 'Amount differs from our payment',
    not_a_payment: 'Not a payment (fee or adjustment)',
  } satisfies Record<PayoutFlag, string>,
  dateAfter: 'From',
  dateBefore: 'To',
  depositsTotal: 'Total deposited',
  rangeReversed: 'The start date is after the end date',
} as const;
