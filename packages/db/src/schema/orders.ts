import type {
  BasisPoints,
  Cents,
  FrozenOrderRules,
  LineBreakdown,
  OrderStatus,
  PricingStep,
  TaxRate,
} from '@cab/shared';
import { DEFAULT_ORDER_STATUS_FILTER, ORDER_STATUSES } from '@cab/shared';
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { addresses, companyRef, userRef } from './accounts.ts';
import { lineItems, premiums } from './catalog.ts';
import { centsOrZero, createdAt, flag, id, parentRef, timestamptz, updatedAt } from './columns.ts';
import { discountCodes, paymentOptions } from './finance.ts';

/**
 * Orders (SPEC 3 Order, Order group, Order item; DOMAIN.md "Order totals", "Order lifecycle").
 * An order's price fields are stored as the engine computed them when the order was last priced,
 * and each line keeps its frozen breakdown: a catalogue change never changes an ordered price;
 * only `recalculate` does (decision 0012). Money is integer cents: lines and unit prices in int4
 * like the catalogue, order totals in int8 so a large order cannot overflow.
 */

/** A snapshot of an address as it was when the order was submitted. */
export interface AddressSnapshot {
  id: number;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
}

export interface OrderMetadata {
  /** SPEC 3 metadata.status_notes: notes the shop left with status changes (decline reason...). */
  status_notes?: { status: OrderStatus; note: string; at: string; by: number | null }[];
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    name: text('name').notNull(),
    poNumber: text('po_number'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('BID'),
    /** Bumped by every write; the status writer's compare-and-set checks it (two moves, one wins). */
    version: integer('version').notNull().default(0),
    customerId: userRef('customer_id').notNull(),
    /** The customer's company when the order was created: a manager sees the company's orders. */
    companyId: companyRef('company_id'),
    createdById: userRef('created_by_id', 'set null'),
    inEditingMode: flag('in_editing_mode'),
    errorCount: integer('error_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    /** Non-attachment lines, for the lifecycle's has_items guard and the lists. */
    itemCount: integer('item_count').notNull().default(0),

    // Discounts and options chosen on the order
    customDiscountAmount: integer('custom_discount_amount').$type<Cents>(),
    customDiscountPercentage: integer('custom_discount_percentage').$type<BasisPoints>(),
    customDiscountNotes: text('custom_discount_notes').notNull().default(''),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    /** Set when the code's use was claimed (on submit): released if the code is cancelled. */
    discountCodeClaimed: flag('discount_code_claimed'),
    bypassPaymentOptionDiscount: flag('bypass_payment_option_discount'),
    customerPaymentOptionId: integer('customer_payment_option_id').references(() => paymentOptions.id, {
      onDelete: 'restrict',
    }),

    // Price fields (SPEC 3), as last priced
    subtotal: centsOrZero('subtotal'),
    customerDiscountAmount: centsOrZero('customer_discount_amount'),
    totalAfterCustomerDiscount: centsOrZero('total_after_customer_discount'),
    orderDiscount: centsOrZero('order_discount'),
    totalAfterDiscount: centsOrZero('total_after_discount'),
    surcharge: centsOrZero('surcharge'),
    paymentOptionDiscount: centsOrZero('payment_option_discount'),
    totalBeforeTax: centsOrZero('total_before_tax'),
    /** Exact, in thousandths of a percent (6.625 % = 6625; decision 0017). */
    salesTaxInPercentage: integer('sales_tax_in_percentage')
      .$type<TaxRate>()
      .notNull()
      .default(0 as TaxRate),
    salesTaxAmount: centsOrZero('sales_tax_amount'),
    totalAfterTax: centsOrZero('total_after_tax'),
    totalPrice: centsOrZero('total_price'),
    /** The engine's order-level steps as priced (what each discount, fee and the tax came to). */
    pricingSteps: jsonb('pricing_steps').$type<PricingStep[]>().notNull().default([]),
    pricedAt: timestamptz('priced_at'),
    /**
     * The order-level rules and rates the order was submitted with (decision 0017); null for a
     * bid, which is priced with today's rules. Only `recalculate` replaces them.
     */
    frozenRules: jsonb('frozen_rules').$type<FrozenOrderRules>(),

    // Submit fields (SPEC 3 Order submit fields)
    requestedDate: date('requested_date'),
    /** requested_date, or submit date + lead_time business days (DOMAIN.md "Late"). */
    dueDate: date('due_date'),
    completionPreference: text('completion_preference'),
    jobPriority: text('job_priority'),
    shippingMethod: text('shipping_method'),
    billingAddressId: integer('billing_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shippingAddressId: integer('shipping_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    deliveryNotes: text('delivery_notes').notNull().default(''),
    deliveryContactName: text('delivery_contact_name').notNull().default(''),
    deliveryContactPhone: text('delivery_contact_phone').notNull().default(''),
    paymentMethod: text('payment_method'),
    bankId: integer('bank_id'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    submittedAt: timestamptz('submitted_at'),
    submittedById: userRef('submitted_by_id', 'set null'),
    // When the order last entered each status (submitted_at: ORDERED), written by the status
    // writer's compare-and-set (decision 0018).
    verifiedAt: timestamptz('verified_at'),
    completedAt: timestamptz('completed_at'),
    shippedAt: timestamptz('shipped_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** The highest line number ever given (order_items.line_no): a removed line's number is not reused. */
    lastLineNo: integer('last_line_no').notNull().default(0),

    metadata: jsonb('metadata').$type<OrderMetadata>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists, newest first (read backwards): by status (the default filter), owner, company.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // A customer's or a company's list under the default status filter: counted and paged from
    // the index alone (bench/orders.mts: a manager's page 10.8 ms -> 0.5 ms, count 6.7 -> 1.7 ms).
    index('orders_customer_status_created_idx').on(t.customerId, t.status, t.createdAt, t.id),
    index('orders_company_status_created_idx').on(t.companyId, t.status, t.createdAt, t.id),
    // The default filter's orders (about a third) in the list's order, with the name: its pages at
    // any depth walk this index alone, and `name=` filters it without reading the table.
    index('orders_open_created_idx')
      .on(t.createdAt, t.id, t.name)
      .where(sql.raw(`status in (${DEFAULT_ORDER_STATUS_FILTER.map((s) => `'${s}'`).join(', ')})`)),
    index('orders_due_idx').on(t.dueDate),
    index('orders_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * How many orders each status holds per week of creation (`week`: whole weeks of 604,800 s since
 * 1970-01-01 UTC, so a week is [week * 604800, (week + 1) * 604800) seconds). Kept by triggers on
 * orders in the same transaction as every insert, status move and delete (migration 0023), never
 * written by the application: a deep page of the shop's list jumps to the week its offset falls
 * in and walks only inside it (decision 0038).
 */
export const orderWeekCounts = pgTable(
  'order_week_counts',
  {
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    week: integer('week').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.week] })],
);

const premiumRef = (name: string) => integer(name).references(() => premiums.id, { onDelete: 'set null' });

export const orderGroups = pgTable(
  'order_groups',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    woodSpeciesId: premiumRef('wood_species_id'),
    finishOptionId: premiumRef('finish_option_id'),
    baseDoorStyleId: premiumRef('base_door_style_id'),
    wallDoorStyleId: premiumRef('wall_door_style_id'),
    tallDoorStyleId: premiumRef('tall_door_style_id'),
    drawerStyleId: premiumRef('drawer_style_id'),
    /** SPEC 5 group rules and the server's validation, as messages. */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    subtotal: centsOrZero('subtotal'),
  },
  (t) => [index('order_groups_order_idx').on(t.orderId, t.position)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    groupId: parentRef('group_id', () => orderGroups.id, 'cascade'),
    /** Order within the group; an attachment follows its parent (SPEC 4). */
    position: integer('position').notNull(),
    /** The client's `_id`; attachments point at their parent's through parent_client_id. */
    clientId: text('client_id').notNull(),
    parentClientId: text('parent_client_id'),
    /**
     * The line's number on the order (1-based): renumbered on each save until approve, then frozen
     * (production labels carry it); a line added later gets the next unused number (decision 0018).
     */
    lineNo: integer('line_no').notNull().default(0),
    isAttachment: flag('is_attachment'),
    lineItemId: integer('line_item_id').references(() => lineItems.id, { onDelete: 'set null' }),
    qty: integer('qty').notNull(),
    hinge: text('hinge'),
    finishedSideId: premiumRef('finished_side_id'),
    // The catalogue line as it was when priced (the line-item table's columns).
    manufacturerCode: text('manufacturer_code').notNull(),
    description: text('description').notNull().default(''),
    baseCategory: text('base_category'),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    depth: doublePrecision('depth'),
    nbDoor: integer('nb_door').notNull().default(0),
    nbDrawer: integer('nb_drawer').notNull().default(0),
    nbShelf: integer('nb_shelf').notNull().default(0),
    finish: text('finish').notNull().default(''),
    // The frozen price (DOMAIN.md "Money")
    unitPrice: integer('unit_price').$type<Cents>().notNull(),
    totalPrice: centsOrZero('total_price'),
    finalPrice: integer('final_price')
      .$type<Cents>()
      .notNull()
      .default(0 as Cents),
    totalFinalPrice: centsOrZero('total_final_price'),
    breakdown: jsonb('breakdown').$type<LineBreakdown>().notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.groupId, t.position),
    index('order_items_line_item_idx').on(t.lineItemId),
  ],
);

/** SPEC 7 {id}/comments: a conversation on the order between the customer and the shop. */
export const orderComments = pgTable(
  'order_comments',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    authorId: userRef('author_id', 'set null'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.id)],
);

/** The shop's notes on an order (Custom Note dialog), resolved when dealt with. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    authorId: userRef('author_id', 'set null'),
    note: text('note').notNull(),
    isResolved: flag('is_resolved'),
    resolvedById: userRef('resolved_by_id', 'set null'),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

export const orderTodos = pgTable(
  'order_todos',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    text: text('text').notNull(),
    isCompleted: flag('is_completed'),
    createdById: userRef('created_by_id', 'set null'),
    completedById: userRef('completed_by_id', 'set null'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('order_todos_order_idx').on(t.orderId, t.id), index('order_todos_open_idx').on(t.isCompleted, t.id)],
);

const ORDER_FILE_KINDS = ['SUPPLEMENT', 'FILE', 'STATUS_DOC'] as const;

/** Files on an order: submit's supplement_documentation, add_files, add_status_docs. */
export const orderFiles = pgTable(
  'order_files',
  {
    id: id(),
    orderId: parentRef('order_id', () => orders.id, 'cascade'),
    kind: text('kind', { enum: ORDER_FILE_KINDS }).notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    size: integer('size').notNull().default(0),
    /** The status the order had when a status document was added. */
    status: text('status'),
    uploadedById: userRef('uploaded_by_id', 'set null'),
    createdAt: createdAt(),
  },
  (t) => [index('order_files_order_idx').on(t.orderId, t.kind, t.id)],
);
