import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { enumListParam, isoDay, listQuery, optionalParam, orderByParam, paged } from '../http/list.ts';
import { MSG } from '../messages.ts';
import { parseMoney } from '../money.ts';
import { idField, moneyField, textField } from '../validation.ts';
import { INVOICE_TEXT } from './messages.ts';

/** Invoices, milestones, payments, credit memos and banks on the wire (issue 17's fixed shapes). */

export const MILESTONE_STATUSES = ['DUE', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
/** What the invoice lists show unless asked otherwise (SPEC 3 payment filters). */
export const DEFAULT_INVOICE_STATUSES: MilestoneStatus[] = ['DUE', 'OVERDUE', 'PARTIAL'];
export const PAY_METHODS = ['CARD', 'ACH', 'CHECK', 'CASH', 'WIRE', 'CREDIT'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Recorded by an admin; they succeed at once. */
export const MANUAL_PAY_METHODS: PayMethod[] = ['CHECK', 'CASH', 'WIRE', 'CREDIT'];
/** Paid by customers through Stripe. */
export const STRIPE_PAY_METHODS: PayMethod[] = ['CARD', 'ACH'];
/** How far back a payment's `received_on` may be (issue 34): a year and a day for a leap year. */
export const RECEIVED_ON_MAX_DAYS_BACK = 366;
export const PAYMENT_STATUSES = [
  'PENDING',
  'PROCESSING',
  'SUCCEEDED',
  'FAILED',
  'CANCELED',
  'REVERSED',
  'DISPUTED',
] as const;
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
const CREDIT_MEMO_STATUSES = ['ACTIVE', 'REVERSED'] as const;
const BANK_STATUSES = ['PENDING_SETUP', 'PENDING_VERIFICATION', 'VERIFIED', 'FAILED'] as const;

const money = z.string();
const isoDate = isoDay(INVOICE_TEXT.dateInvalid);
/** Amounts above zero that int8 cents hold comfortably (a payment, a credit). */
// Not a number says only that (moneyField), not also that it must be above zero.
const positiveMoney = () => moneyField().refine((v) => (parseMoney(v) ?? 1) > 0, INVOICE_TEXT.amountPositive);

export const invoiceIdParamsSchema = z.object({ id: idField() });

const statusList = enumListParam(MILESTONE_STATUSES, INVOICE_TEXT.statusUnknown);

export const INVOICE_ORDER_BY = ['issued_at', 'number', 'total', 'balance', 'next_due_date'] as const;
export const invoiceListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  order_by: orderByParam(INVOICE_ORDER_BY),
  status: statusList,
  customer: optionalParam(idField()),
  company: optionalParam(idField()),
  order: optionalParam(idField()),
  /** Invoices whose order's name contains this text, case-insensitively (the list's Order filter). */
  order_name: optionalParam(textField(100)),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const milestoneSchema = z.object({
  id: z.number(),
  invoice: z.number(),
  seq: z.number(),
  label: z.string(),
  percentage: z.string(),
  amount: money,
  paid: money,
  credited: money,
  /** Overdue interest and storage fees on it (net of reversals): amount + these − paid − credited = balance. */
  interest_fees: money,
  balance: money,
  due_date: z.string().nullable(),
  status: z.enum(MILESTONE_STATUSES),
});
export type Milestone = z.infer<typeof milestoneSchema>;

const invoiceRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  version: z.number(),
  order: z.object({ id: z.number(), name: z.string() }),
  customer_display: z.string(),
  issued_at: z.string(),
  total: money,
  paid: money,
  credited: money,
  /** Overdue interest and storage fees (net of reversals): total + these − paid − credited = balance. */
  interest_fees: money,
  balance: money,
  /** What of the balance is past due: its milestones due before the shop's today (issue 34). */
  overdue: money,
  status: z.enum(MILESTONE_STATUSES),
  next_due_date: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

const refundSchema = z.object({
  id: z.number(),
  payment: z.number(),
  amount: money,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Also taken off what is owed (a credit note on the invoice); false: the balance reopens. */
  credit_note: z.boolean(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

const paymentSchema = z.object({
  id: z.number(),
  method: z.enum(PAY_METHODS),
  amount: money,
  status: z.enum(PAYMENT_STATUSES),
  received_at: z.string().nullable(),
  /** The day a check, cash or wire was received, when the admin gave one (a date, no time: issue 34). */
  received_on: z.string().nullable(),
  reference: z.string(),
  notes: z.string(),
  milestone: z.number(),
  invoice: z.object({ id: z.number(), number: z.string() }),
  order: z.object({ id: z.number(), name: z.string() }),
  payer: z.string(),
  credit_memo: z.number().nullable(),
  created_at: z.string(),
  /** What was given back (succeeded refunds); `refunds` lists every refund, pending ones too. */
  refunded: money,
  refunds: z.array(refundSchema),
  /** A success that arrived after the milestone was paid: its surplus became this credit memo. */
  overpayment: z.object({ credit_memo: z.number(), amount: money }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const creditMemoSchema = z.object({
  id: z.number(),
  amount: money,
  applied: money,
  available: money,
  notes: z.string(),
  status: z.enum(CREDIT_MEMO_STATUSES),
  created_at: z.string(),
  party: z.object({ type: z.enum(['customer', 'company']), id: z.number(), name: z.string() }),
  reversed_at: z.string().nullable(),
  reversal_notes: z.string().nullable(),
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

const invoiceVersionSchema = z.object({
  id: z.number(),
  number: z.string(),
  version: z.number(),
  issued_at: z.string(),
  total: money,
  reason: z.string(),
  superseded_at: z.string().nullable(),
});

export const invoiceDetailSchema = invoiceRowSchema.extend({
  customer: z.number(),
  company: z.number().nullable(),
  payment_option: z.string(),
  payment_option_discount: money,
  sales_tax: money,
  superseded_at: z.string().nullable(),
  milestones: z.array(milestoneSchema),
  payments: z.array(paymentSchema),
  credits: z.array(
    z.object({ credit_memo: z.number(), milestone: z.number(), amount: money, status: z.enum(PAYMENT_STATUSES) }),
  ),
  versions: z.array(invoiceVersionSchema),
  /** Every refund of the invoice's payments, oldest first. */
  refunds: z.array(refundSchema),
  /** Overdue interest and storage fees posted on its milestones (decision 0035), oldest first. */
  charges: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['INTEREST', 'FEE']),
      milestone: z.number(),
      amount: money,
      date: z.string(),
      notes: z.string(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** The order answer's `invoice` (null before approval). */
export const orderInvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  payment_option_discount: money,
  total_price: money,
  sales_tax: money,
  paid: money,
  credited: money,
  balance: money,
  status: z.enum(MILESTONE_STATUSES),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

export const milestoneDetailSchema = milestoneSchema.extend({
  order: z.object({ id: z.number(), name: z.string() }),
  invoice_number: z.string(),
  customer: z.number(),
  company: z.number().nullable(),
});

/**
 * An amount that may be left out (then: what is left), but when it is sent it must be a positive
 * amount: "" or null is a mistake, never "the whole balance" (issue 27), said as SPEC 5's
 * "Required" (issue 34); 0, negatives and other text as "Enter an amount greater than 0.00".
 */
const positiveMoneyWhenGiven = () =>
  z
    .unknown()
    .superRefine((v, ctx) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: MSG.required });
      } else if (!((typeof v === 'string' || typeof v === 'number') && (parseMoney(v) ?? 0) > 0)) {
        ctx.addIssue({ code: 'custom', message: INVOICE_TEXT.amountPositive });
      }
    })
    .transform((v) => v as string | number)
    .pipe(moneyField())
    .optional();

export const payBodySchema = z.object({
  method: z.enum(PAY_METHODS, { error: MSG.required }),
  amount: positiveMoneyWhenGiven(),
  bank: optionalParam(idField()),
  credit_memo: optionalParam(idField()),
  reference: optionalParam(textField(200)),
  received_on: optionalParam(isoDate),
  notes: optionalParam(textField(2000)),
  idempotency_key: optionalParam(textField(255)),
});
export type PayBody = z.infer<typeof payBodySchema>;

export const payResultSchema = z.object({ payment: paymentSchema, client_secret: z.string().nullable() });

export const refundBodySchema = z.object({
  amount: positiveMoneyWhenGiven(),
  reason: z
    .string({ error: INVOICE_TEXT.refundReasonRequired })
    .trim()
    .min(1, INVOICE_TEXT.refundReasonRequired)
    .max(2000),
  /** Default true: a concession, taken off what the customer owes; false: to be paid again. */
  credit_note: z.boolean({ error: INVOICE_TEXT.creditNoteChoice }).optional(),
  idempotency_key: optionalParam(textField(255)),
});
export type RefundBody = z.infer<typeof refundBodySchema>;
export const refundResultSchema = z.object({ refund: refundSchema, payment: paymentSchema });

const PAYMENT_ORDER_BY = ['created_at', 'amount', 'received_at'] as const;
export const paymentListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  order_by: orderByParam(PAYMENT_ORDER_BY),
  customer: optionalParam(idField()),
  company: optionalParam(idField()),
  order: optionalParam(idField()),
  invoice: optionalParam(idField()),
  method: enumListParam(PAY_METHODS, INVOICE_TEXT.methodUnknown),
  status: enumListParam(PAYMENT_STATUSES, INVOICE_TEXT.statusUnknown),
  /** The reference contains it (case-insensitive), or it is the Stripe PaymentIntent id. */
  reference: optionalParam(z.string().trim().max(255)),
  /** The payer's name, e-mail or company contains it (case-insensitive). */
  payer: optionalParam(z.string().trim().max(255)),
  /** Received on or after / on or before (the shop's days). */
  date_after: optionalParam(isoDate),
  date_before: optionalParam(isoDate),
  /** Exactly this amount ("1234.50"). */
  amount: optionalParam(moneyField()),
  format: optionalParam(z.enum(['json', 'csv'])),
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;
/** A payment with a receipt: money that reached the shop (a disputed one keeps the receipt it had). */
export const RECEIPT_STATUSES: PaymentStatus[] = ['SUCCEEDED', 'DISPUTED'];
/** What the Receipts page lists unless asked otherwise: no failed, cancelled or reversed attempt. */
export const DEFAULT_RECEIPT_LIST_STATUSES: PaymentStatus[] = ['PROCESSING', 'SUCCEEDED', 'DISPUTED'];

export const creditBodySchema = z.object({
  amount: positiveMoney(),
  notes: optionalParam(textField(2000)),
});
export const creditListSchema = z.object({ results: z.array(creditMemoSchema), total: z.number(), available: money });
export const reverseBodySchema = z.object({
  notes: z.string({ error: INVOICE_TEXT.notesRequired }).trim().min(1, INVOICE_TEXT.notesRequired).max(2000),
});

export const bankSchema = z.object({
  id: z.number(),
  bank_name: z.string(),
  last4: z.string(),
  account_holder_name: z.string(),
  account_holder_type: z.string(),
  status: z.enum(BANK_STATUSES),
  owner: z.object({ id: z.number(), name: z.string() }),
  company: z.number().nullable(),
  created_at: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;
export const bankCreateSchema = z.object({
  account_holder_name: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(200, MSG.textTooLong(200)),
  account_holder_type: optionalParam(z.enum(['individual', 'company'])),
});
export const bankCreateResultSchema = bankSchema.extend({ client_secret: z.string().nullable() });
export const bankVerifySchema = z.object({
  micro_deposits: z.array(moneyField(), { error: INVOICE_TEXT.twoDeposits }).length(2, INVOICE_TEXT.twoDeposits),
});
export const bankListSchema = z.object({ results: z.array(bankSchema) });

export const pagedInvoices = paged(invoiceRowSchema);
export const pagedPayments = paged(paymentSchema);
