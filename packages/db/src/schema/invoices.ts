import { type BasisPoints, PAYMENT_STATUSES, REFUND_STATUSES, type TaxRate } from '@cab/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyRef, userRef } from './accounts.ts';
import { cents, centsOrZero, createdAt, flag, id, parentRef, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Invoices, milestones, payments, credit memos and the ledger (issue 17, decision 0026). Amounts
 * are integer cents (int8). The truth is the sum of `ledger_entries`, which a trigger keeps
 * append-only (hand-written at the end of 0018); the running figures on milestones and invoices
 * are kept from it by triggers in the same transaction (issue 17, decision 0035, end of 0019).
 */

/** A receipt as issued (payments.receipt): the labels and the milestone's balance just after it, in cents. */
export interface PaymentReceiptSnapshot {
  payer: string;
  invoice: string;
  milestone: string;
  order: string;
  balance_left: number;
}

/** A table kept for a customer and, when they buy for one, their company: the lists filter by either. */
const ownerIndexes = (
  table: string,
  t: { customerId: AnyPgColumn; companyId: AnyPgColumn },
  ...then: AnyPgColumn[]
) => [index(`${table}_customer_idx`).on(t.customerId, ...then), index(`${table}_company_idx`).on(t.companyId, ...then)];

/** CHARGES: a milestone of one day's interest and fees, due that day plus the terms (decision 0052). */
const INVOICE_DUE_RULES = ['ON_APPROVAL', 'BEFORE_PICKUP', 'DAYS_AFTER_COMPLETION', 'CHARGES'] as const;
const PAYMENT_METHODS_ALL = ['CARD', 'ACH', 'CHECK', 'CASH', 'WIRE', 'CREDIT'] as const;
/** The wire's lists (packages/shared), one source for both. */
const PAYMENT_STATUSES_ALL = PAYMENT_STATUSES;
const REFUND_STATUSES_ALL = REFUND_STATUSES;
const LEDGER_KINDS = ['CHARGE', 'PAYMENT', 'CREDIT', 'ALLOCATION', 'REVERSAL', 'INTEREST', 'FEE', 'REFUND'] as const;

/** One version of an order's invoice; a reprice after approval issues the next, the old one stays. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id),
    version: integer('version').notNull().default(1),
    number: text('number').notNull(),
    /** The order's name when this version was issued (the lists show it without reading orders). */
    orderName: text('order_name').notNull().default(''),
    customerId: userRef('customer_id').notNull(),
    companyId: companyRef('company_id'),
    total: cents('total').notNull(),
    salesTax: cents('sales_tax').notNull(),
    paymentOptionDiscount: cents('payment_option_discount').notNull(),
    paymentOptionName: text('payment_option_name').notNull().default(''),
    /** The state and rate the order's tax was figured at (the sales-tax report, decision 0044). */
    taxState: text('tax_state'),
    taxRate: integer('tax_rate')
      .$type<TaxRate>()
      .notNull()
      .default(0 as TaxRate),
    /** Why this version was issued ("approve", "recalculate"...). */
    reason: text('reason').notNull().default('approve'),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    /** Set when a later version replaced it (its milestones are then VOID). */
    supersededAt: timestamptz('superseded_at'),
    createdById: userRef('created_by_id', 'set null'),
    /**
     * Running figures kept by the ledger's triggers (issue 17, hand-written SQL of migration 0019):
     * sums over the milestones' stored figures, the date-free part of the status (VOID, PAID,
     * PARTIAL, DUE; OVERDUE is `next_due_date < today` at read time) and the earliest open due date.
     */
    paid: centsOrZero('paid'),
    credited: centsOrZero('credited'),
    balance: centsOrZero('balance'),
    figureState: text('figure_state', { enum: ['VOID', 'PAID', 'PARTIAL', 'DUE'] })
      .notNull()
      .default('PAID'),
    nextDueDate: date('next_due_date'),
  },
  (t) => [
    uniqueIndex('invoices_order_version_key').on(t.orderId, t.version),
    index('invoices_open_issued_idx')
      .on(t.issuedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.supersededAt} is null and ${t.figureState} in ('DUE', 'PARTIAL')`),
    index('invoices_next_due_idx').on(t.nextDueDate),
    uniqueIndex('invoices_number_key').on(t.number),
    ...ownerIndexes('invoices', t, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

export const invoiceMilestones = pgTable(
  'invoice_milestones',
  {
    id: id(),
    invoiceId: parentRef('invoice_id', () => invoices.id),
    seq: integer('seq').notNull(),
    label: text('label').notNull(),
    percentage: integer('percentage').$type<BasisPoints>().notNull(),
    amount: cents('amount').notNull(),
    due: text('due', { enum: INVOICE_DUE_RULES }).notNull(),
    days: integer('days').notNull().default(0),
    /** Null until known (BEFORE_PICKUP and DAYS_AFTER_COMPLETION wait for the order's completion). */
    dueDate: date('due_date'),
    /** The invoice was superseded or its order cancelled. */
    voidedAt: timestamptz('voided_at'),
    /** Running sums of the milestone's ledger entries, kept by the ledger's AFTER INSERT trigger. */
    balance: centsOrZero('balance'),
    paid: centsOrZero('paid'),
    credited: centsOrZero('credited'),
  },
  (t) => [
    uniqueIndex('invoice_milestones_seq_key').on(t.invoiceId, t.seq),
    /** One charges milestone per invoice and due date, i.e. per day charged (decision 0052). */
    uniqueIndex('invoice_milestones_charges_key').on(t.invoiceId, t.dueDate).where(sql`due = 'CHARGES'`),
  ],
);

/** A customer's or company's bank account for ACH, set up through a Stripe SetupIntent: no account number here. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: userRef('user_id').notNull(),
    companyId: companyRef('company_id'),
    accountHolderName: text('account_holder_name').notNull(),
    accountHolderType: text('account_holder_type').notNull().default('individual'),
    bankName: text('bank_name').notNull().default(''),
    last4: text('last4').notNull().default(''),
    status: text('status', { enum: ['PENDING_SETUP', 'PENDING_VERIFICATION', 'VERIFIED', 'FAILED'] })
      .notNull()
      .default('PENDING_VERIFICATION'),
    stripeSetupIntentId: text('stripe_setup_intent_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId),
    index('bank_accounts_company_idx').on(t.companyId),
    uniqueIndex('bank_accounts_setup_intent_key').on(t.stripeSetupIntentId),
  ],
);

/** Credit given to a customer or a company; what it pays is in the ledger (ALLOCATION entries). */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: id(),
    customerId: userRef('customer_id'),
    companyId: companyRef('company_id'),
    amount: cents('amount').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'REVERSED'] })
      .notNull()
      .default('ACTIVE'),
    reversalNotes: text('reversal_notes'),
    reversedAt: timestamptz('reversed_at'),
    reversedById: userRef('reversed_by_id', 'set null'),
    /** A card or bank payment's surplus over its milestone's balance (issue 27): "Overpayment on INV-…". */
    sourcePaymentId: integer('source_payment_id'),
    /** A credit note: the refund it came with, and its share of the invoice's sales tax (decision 0044). */
    refundId: integer('refund_id'),
    tax: centsOrZero('tax'),
    createdById: userRef('created_by_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    ...ownerIndexes('credit_memos', t),
    uniqueIndex('credit_memos_source_payment_key').on(t.sourcePaymentId),
    uniqueIndex('credit_memos_refund_key').on(t.refundId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    milestoneId: parentRef('milestone_id', () => invoiceMilestones.id),
    invoiceId: parentRef('invoice_id', () => invoices.id),
    orderId: integer('order_id').notNull(),
    customerId: userRef('customer_id').notNull(),
    companyId: companyRef('company_id'),
    method: text('method', { enum: PAYMENT_METHODS_ALL }).notNull(),
    amount: cents('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES_ALL }).notNull().default('PENDING'),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    creditMemoId: integer('credit_memo_id').references(() => creditMemos.id),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    receivedOn: date('received_on'),
    receivedAt: timestamptz('received_at'),
    idempotencyKey: text('idempotency_key'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    clientSecret: text('client_secret'),
    failureMessage: text('failure_message'),
    /**
     * Stripe's Idempotency-Key for this payment's intent (issue 27): a UUID, unique beyond this
     * database (a row id repeats across databases sharing a Stripe account and after a restore).
     */
    stripeKey: uuid('stripe_key').notNull().defaultRandom(),
    /** What was given back (succeeded refunds), kept with the refunds in one transaction. */
    refunded: centsOrZero('refunded'),
    /**
     * What its receipt says, fixed when the payment succeeded (issue 34: a receipt is a record of
     * a moment; a later refund gets its own receipt). Null until then, and for money not received.
     */
    receipt: jsonb('receipt').$type<PaymentReceiptSnapshot>(),
    /**
     * When it was received, as lists order it (the recorded day at noon, else when it succeeded,
     * else when it was made): kept by a trigger (end of 0029) so the receipts list pages by an index.
     */
    receivedKey: timestamptz('received_key'),
    createdById: userRef('created_by_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    // The payment search (issue 34) on 100,000 orders: reference contains, amount, received dates.
    index('payments_reference_trgm_idx').using('gin', t.reference.op('gin_trgm_ops')),
    index('payments_amount_idx').on(t.amount),
    index('payments_received_on_idx').on(t.receivedOn),
    index('payments_received_idx').on(sql`coalesce(${t.receivedAt}, ${t.createdAt})`),
    index('payments_received_key_idx').on(t.receivedKey, t.id),
    uniqueIndex('payments_stripe_key').on(t.stripeKey),
    /** The open card or bank payments of a milestone (at most one is wanted, issue 27). */
    index('payments_open_idx').on(t.milestoneId).where(sql`status in ('PENDING', 'PROCESSING')`),
    uniqueIndex('payments_stripe_pi_key').on(t.stripePaymentIntentId),
    index('payments_milestone_idx').on(t.milestoneId),
    ...ownerIndexes('payments', t, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
  ],
);

/** Money given back on a payment (issue 27): CARD and ACH through Stripe, the others recorded at once. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: parentRef('payment_id', () => payments.id),
    amount: cents('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES_ALL }).notNull().default('PENDING'),
    idempotencyKey: text('idempotency_key'),
    stripeKey: uuid('stripe_key').notNull().defaultRandom(),
    stripeRefundId: text('stripe_refund_id'),
    failureMessage: text('failure_message'),
    /** Also taken off what is owed (a credit note), not owed again (decision 0044). */
    creditNote: flag('credit_note'),
    settledAt: timestamptz('settled_at'),
    createdById: userRef('created_by_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_stripe_key').on(t.stripeKey),
    uniqueIndex('refunds_stripe_refund_key').on(t.stripeRefundId),
    index('refunds_payment_idx').on(t.paymentId),
  ],
);

/**
 * The ledger: append-only, signed cents (positive raises what is owed). A milestone's balance is
 * the sum of its entries; a credit memo's unapplied credit the sum of its entries with no milestone.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: cents('amount').notNull(),
    customerId: userRef('customer_id'),
    companyId: companyRef('company_id'),
    orderId: integer('order_id'),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    milestoneId: integer('milestone_id').references(() => invoiceMilestones.id),
    paymentId: integer('payment_id').references(() => payments.id),
    creditMemoId: integer('credit_memo_id').references(() => creditMemos.id),
    refundId: integer('refund_id').references(() => refunds.id),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    /** An interest or fee entry carried to a reissued invoice: the old version's entry it replaces (decision 0035). */
    carriedFromEntryId: bigint('carried_from_entry_id', { mode: 'number' }),
    effectiveDate: date('effective_date').notNull().default(sql`current_date`),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    notes: text('notes').notNull().default(''),
    createdById: userRef('created_by_id', 'set null'),
  },
  (t) => [
    uniqueIndex('ledger_entries_reverses_key').on(t.reversesEntryId),
    uniqueIndex('ledger_entries_carried_from_key').on(t.carriedFromEntryId),
    /**
     * The daily charges (decision 0035): one INTEREST and one FEE per milestone per day, however
     * often posted; the charges a reissue carried over are not the day's own.
     */
    uniqueIndex('ledger_entries_daily_charge_key')
      .on(t.milestoneId, t.kind, t.effectiveDate)
      .where(sql`kind in ('INTEREST', 'FEE') and carried_from_entry_id is null`),
    index('ledger_entries_milestone_idx').on(t.milestoneId),
    index('ledger_entries_invoice_idx').on(t.invoiceId),
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_memo_idx').on(t.creditMemoId),
    /** The journal export reads a month of everybody's entries (issue 34, decision 0046). */
    index('ledger_entries_effective_idx').on(t.effectiveDate),
    ...ownerIndexes('ledger_entries', t, t.effectiveDate),
  ],
);

/** Stripe events applied (one row per event id: a retried or twice-delivered event applies once). */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
});
