import { z } from 'zod';
import { addressSchema } from '../accounts/schemas.ts';
import { HINGES, PAGE_SIZE } from '../constants.ts';
import { emptyToUndefined, enumListParam, isoDay, listQuery, optionalParam, orderByParam } from '../http/list.ts';
import { orderInvoiceSchema } from '../invoices/schemas.ts';
import { MSG } from '../messages.ts';
import { GROUP_PREMIUM_KINDS } from '../pricing/types.ts';
import { cabinetCountsSchema } from '../production/schemas.ts';
import { REMAKE_STATUSES } from '../remakes/schemas.ts';
import { idField, intField, moneyField, requiredString, secretField, textField } from '../validation.ts';
import { orderApprovalSchema } from './approval-schemas.ts';
import { ORDER_ACTIONS, ORDER_STATUSES } from './lifecycle.ts';
import { ORDER_TEXT } from './text.ts';

/**
 * Orders on the wire (issue 9's wire shape, SPEC 3 Order / Order draft / Order group / Order item /
 * Order submit fields / Order filter). Money is a decimal string with two places, a percentage a
 * decimal string (decision 0004).
 */

/** Bounds of a draft: enough for the largest real kitchen or commercial job, small enough to price fast. */
export const ORDER_LIMITS = {
  groups: 50,
  /** Lines (items and attachments) of one order. */
  lines: 2000,
  qty: 9999,
  name: 255,
  poNumber: 100,
  groupName: 100,
  clientId: 64,
  comment: 5000,
  note: 5000,
  todo: 1000,
  reason: 2000,
  deliveryNotes: 2000,
  contactName: 100,
  contactPhone: 40,
} as const;

export const COMPLETION_PREFERENCES = ['ALL_AT_ONCE', 'AS_READY'] as const;
export const JOB_PRIORITIES = ['NORMAL', 'RUSH'] as const;
export const SHIPPING_METHODS = ['PICKUP', 'DELIVERY'] as const;
export const PAYMENT_METHODS = ['CARD', 'ACH', 'CHECK', 'WIRE', 'CASH'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC 3 Order filter selected_range: a named range the server turns into dates (today in its zone). */
export const ORDER_DATE_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
  'this_year',
  'custom',
] as const;
export type OrderDateRange = (typeof ORDER_DATE_RANGES)[number];

const wireMoney = z.string();
const wirePercent = z.string();
const isoDate = isoDay(ORDER_TEXT.dateInvalid);

// ---------------------------------------------------------------------------------------------
// Draft (input): POST /api/orders/, PUT {id}/groups/, POST {id}/add_group

const premiumRef = () => z.preprocess(emptyToUndefined, idField().nullable().optional()).transform((v) => v ?? null);

const orderPremiumsInputSchema = z.object(
  Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, premiumRef()])) as Record<
    (typeof GROUP_PREMIUM_KINDS)[number],
    ReturnType<typeof premiumRef>
  >,
);

const orderItemInputSchema = z.object({
  _id: requiredString(ORDER_LIMITS.clientId),
  line_item: idField(),
  qty: intField({ min: 1, max: ORDER_LIMITS.qty }),
  hinge: z.enum(HINGES).nullable().optional(),
  finished_side: idField().nullable().optional(),
  is_attachment: z.boolean().default(false),
  parentId: z.string().max(ORDER_LIMITS.clientId, MSG.textTooLong(ORDER_LIMITS.clientId)).nullable().optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

const orderGroupInputSchema = z.object({
  name: textField(ORDER_LIMITS.groupName).nullable().optional(),
  premiums: orderPremiumsInputSchema,
  items: z.array(orderItemInputSchema).max(ORDER_LIMITS.lines, ORDER_TEXT.tooManyLines(ORDER_LIMITS.lines)),
});
export type OrderGroupInput = z.infer<typeof orderGroupInputSchema>;

/** Lines of all the groups together: the bound holds per order, not per group (issue 15's 26,000 lines). */
const countOrderLines = (groups: readonly { items: readonly unknown[] }[]) =>
  groups.reduce((n, g) => n + g.items.length, 0);

const groupsField = () =>
  z
    .array(orderGroupInputSchema)
    .max(ORDER_LIMITS.groups, ORDER_TEXT.tooManyGroups(ORDER_LIMITS.groups))
    .refine((groups) => countOrderLines(groups) <= ORDER_LIMITS.lines, ORDER_TEXT.tooManyLines(ORDER_LIMITS.lines));

export const orderCreateSchema = z.object({
  name: requiredString(ORDER_LIMITS.name),
  po_number: textField(ORDER_LIMITS.poNumber).nullable().optional(),
  /** The customer's user id: ADMIN only; a customer's orders are their own. */
  customer: idField().nullable().optional(),
  groups: groupsField().default([]),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/**
 * The order's `version` as the caller last read it: every call that changes an order takes it
 * (optional) and answers 409 order_changed_concurrently when the order has changed since; without
 * it the last writer wins (decision 0018).
 */
const orderVersionField = () => intField({ min: 0 }).optional();

/**
 * The body of a call with no payload but the optional version: none at all, `{}`, or an empty
 * JSON body all mean "no version" (http/route.ts reads an absent or empty body as undefined).
 */
export const orderVersionBodySchema = z.object({ version: orderVersionField() }).optional();

/** PUT {id}/groups/: replaces every group; `version` (optional) refuses a stale save with 409. */
export const orderGroupsUpdateSchema = z.object({
  groups: groupsField(),
  name: requiredString(ORDER_LIMITS.name).optional(),
  po_number: textField(ORDER_LIMITS.poNumber).nullable().optional(),
  version: orderVersionField(),
});

/** POST {id}/add_group/: one group, and the optional version. */
export const orderAddGroupSchema = orderGroupInputSchema.extend({ version: orderVersionField() });
export type OrderGroupsUpdate = z.infer<typeof orderGroupsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Order (answer)

const pricePartSchema = z.object({
  kind: z.string(),
  premium_id: z.number().int().nullable(),
  code: z.string().nullable(),
  price: wireMoney.nullable(),
  percentage: wirePercent.nullable(),
  multiplier: z.number(),
  amount: wireMoney,
});

/** "Why does this cost that": the frozen breakdown of one line. */
const lineBreakdownSchema = z.object({
  base_price: wireMoney,
  premiums: z.array(pricePartSchema),
  finished_side: pricePartSchema.nullable(),
  unit_price: wireMoney,
  qty: z.number().int(),
  total_price: wireMoney,
});
export type LineBreakdownWire = z.infer<typeof lineBreakdownSchema>;

const orderItemSchema = z.object({
  id: z.number().int(),
  _id: z.string(),
  line_item: z.number().int().nullable(),
  /** 1-based, across the order's groups (SPEC 3 line_item_number): the line's place on screen now. */
  line_item_number: z.number().int(),
  /**
   * The line's stable number (1-based): renumbered by each save until approve, then frozen, so a
   * label printed for production keeps pointing at this line; `id` stays while `_id` does.
   */
  line_no: z.number().int(),
  qty: z.number().int(),
  hinge: z.string().nullable(),
  finished_side: z.number().int().nullable(),
  is_attachment: z.boolean(),
  parentId: z.string().nullable(),
  manufacturer_code: z.string(),
  description: z.string(),
  base_category: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  depth: z.number().nullable(),
  nb_door: z.number().int(),
  nb_drawer: z.number().int(),
  nb_shelf: z.number().int(),
  finish: z.string(),
  /** SPEC 3 price: list price per unit with premiums. */
  unit_price: wireMoney,
  total_price: wireMoney,
  final_price: wireMoney,
  total_final_price: wireMoney,
  breakdown: lineBreakdownSchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const premiumIds = z.object(
  Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, z.number().int().nullable()])) as Record<
    (typeof GROUP_PREMIUM_KINDS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);
const premiumCodes = z.object(
  Object.fromEntries(GROUP_PREMIUM_KINDS.map((k) => [k, z.string().nullable()])) as Record<
    (typeof GROUP_PREMIUM_KINDS)[number],
    z.ZodNullable<z.ZodString>
  >,
);

const orderGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  premiums: premiumIds,
  /** The premiums' codes, for display. */
  premium_codes: premiumCodes,
  items: z.array(orderItemSchema),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  subtotal: wireMoney,
});
export type OrderGroup = z.infer<typeof orderGroupSchema>;

/** An address as the order kept it when submitted: the address book's fields but its kind and default flag. */
const addressSnapshotSchema = addressSchema.omit({ kind: true, is_default: true });

/** The fields every order answer and list row carry. */
const orderHeadShape = {
  id: z.number().int(),
  name: z.string(),
  po_number: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  customer: z.number().int(),
  /** SPEC 6: personal shows full name; business shows company name then full name. */
  customer_display: z.string(),
  account: z.object({ account_type: z.enum(['P', 'B']).nullable(), full_name: z.string() }),
  company: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  // When the order entered each status (set by the status writer; null until then).
  verified_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  requested_date: z.string().nullable(),
  due_date: z.string().nullable(),
  in_editing_mode: z.boolean(),
  error_count: z.number().int(),
  warning_count: z.number().int(),
  item_count: z.number().int(),
  total_price: wireMoney,
};

export const orderListRowSchema = z.object(orderHeadShape);
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** Another order, named (the remake links). */
const orderRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const orderSchema = z.object({
  ...orderHeadShape,
  version: z.number().int(),
  can_be_updated: z.boolean(),
  show_edit_order: z.boolean(),
  has_payments_made: z.boolean(),
  /** The lifecycle moves the caller may make now (the buttons to show). */
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
  custom_discount_amount: wireMoney.nullable(),
  custom_discount_percentage: wirePercent.nullable(),
  custom_discount_notes: z.string(),
  custom_discount_amount_display: z.object({ percentage: wirePercent.nullable(), amount: wireMoney }),
  discount_code: z.string().nullable(),
  /** Why the entered code does not apply now (DISCOUNT_CODE_REFUSAL_TEXT), or null. */
  discount_code_refusal: z.string().nullable(),
  bypass_payment_option_discount: z.boolean(),
  customer_payment_option: z.number().int().nullable(),
  metadata: z.object({
    status_notes: z.array(
      z.object({ status: z.string(), note: z.string(), at: z.string(), by: z.number().nullable() }),
    ),
  }),
  /** Production (issue 18): the order's cabinets, and how many are scanned complete and shipped. */
  cabinets: cabinetCountsSchema,
  /** The order's current invoice (issue 17), null before approval. */
  invoice: orderInvoiceSchema.nullable(),
  /** Business approvals (issue 30): the order's newest approval request, null when none. */
  approval: orderApprovalSchema.nullable(),
  /** A remake order (issue 29): the order and the remake request it was made from; null otherwise. */
  remake_of: z.object({ order: orderRefSchema, remake_id: z.number().int() }).nullable(),
  /** The remakes asked for this order (issue 29), oldest first; a customer sees the approved ones. */
  remakes: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(REMAKE_STATUSES),
      remake_order: orderRefSchema.nullable(),
    }),
  ),
  // Price fields (SPEC 3) and subtotal
  subtotal: wireMoney,
  customer_discount_amount: wireMoney,
  total_after_customer_discount: wireMoney,
  order_discount: wireMoney,
  total_after_discount: wireMoney,
  surcharge: wireMoney,
  payment_option_discount: wireMoney,
  total_before_tax: wireMoney,
  sales_tax_in_percentage: wirePercent,
  sales_tax_amount: wireMoney,
  total_after_tax: wireMoney,
  // Submit fields (SPEC 3)
  completion_preference: z.enum(COMPLETION_PREFERENCES).nullable(),
  job_priority: z.enum(JOB_PRIORITIES).nullable(),
  shipping_method: z.enum(SHIPPING_METHODS).nullable(),
  billing_address: addressSnapshotSchema.nullable(),
  shipping_address: addressSnapshotSchema.nullable(),
  delivery_notes: z.string(),
  delivery_contact_name: z.string(),
  delivery_contact_phone: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  groups: z.array(orderGroupSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** GET {id}/short: the head and price fields without groups, merged into the order on screen. */
export const orderShortSchema = orderSchema.omit({ groups: true });
export type OrderShort = z.infer<typeof orderShortSchema>;

// ---------------------------------------------------------------------------------------------
// List (SPEC 3 Order filter)

const ORDER_ORDER_BY = ['id', 'name', 'status', 'created_at', 'requested_date', 'total_price'] as const;

/** status=A,B or status=A&status=B: one list of known statuses. */
const statusList = enumListParam(ORDER_STATUSES, ORDER_TEXT.statusUnknown);

export const orderListQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  order_by: orderByParam(ORDER_ORDER_BY),
  name: optionalParam(textField(ORDER_LIMITS.name)),
  status: statusList,
  date_after: optionalParam(isoDate),
  date_before: optionalParam(isoDate),
  selected_range: optionalParam(z.enum(ORDER_DATE_RANGES)),
  /** Admin and staff: one customer's orders. */
  customer: optionalParam(idField()),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Lifecycle and price calls

/** POST {id}/submit/ (multipart): the form fields; files come as supplement_documentation. */
export const orderSubmitSchema = z
  .object({
    requested_date: z.preprocess(emptyToUndefined, isoDate.optional()),
    completion_preference: z.enum(COMPLETION_PREFERENCES, { error: MSG.required }),
    job_priority: z.enum(JOB_PRIORITIES, { error: MSG.required }),
    shipping_method: z.enum(SHIPPING_METHODS, { error: MSG.required }),
    billing_address: idField(),
    shipping_address: z.preprocess(emptyToUndefined, idField().optional()),
    delivery_notes: z.preprocess(emptyToUndefined, textField(ORDER_LIMITS.deliveryNotes).optional()),
    delivery_contact_name: z.preprocess(emptyToUndefined, textField(ORDER_LIMITS.contactName).optional()),
    delivery_contact_phone: z.preprocess(emptyToUndefined, textField(ORDER_LIMITS.contactPhone).optional()),
    customer_payment_option: idField(),
    po_number: z.preprocess(emptyToUndefined, textField(ORDER_LIMITS.poNumber).optional()),
    payment_method: z.enum(PAYMENT_METHODS, { error: MSG.required }),
    bank: z.preprocess(emptyToUndefined, idField().optional()),
    password: secretField(),
    terms_of_use: z.preprocess(
      (v) => v === true || v === 'true' || v === 'on' || v === '1',
      z.literal(true, { error: ORDER_TEXT.termsRequired }),
    ),
    /** SPEC 3 lists `status` among the submit fields: only ORDERED may be asked for. */
    status: z.preprocess(emptyToUndefined, z.literal('ORDERED').optional()),
    version: z.preprocess(emptyToUndefined, orderVersionField()),
    /**
     * The total_price the customer was shown ("10300.00"); when given, the submit is refused
     * with 409 order_total_changed if the order would be priced otherwise.
     */
    expected_total: z.preprocess(emptyToUndefined, moneyField().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.shipping_method === 'DELIVERY' && v.shipping_address === undefined) {
      ctx.addIssue({ code: 'custom', path: ['shipping_address'], message: ORDER_TEXT.shippingAddressRequired });
    }
    if (v.payment_method === 'ACH' && v.bank === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bank'], message: ORDER_TEXT.bankRequired });
    }
  });
export type OrderSubmit = z.infer<typeof orderSubmitSchema>;

export const orderDeclineSchema = z.object({
  reason: requiredString(ORDER_LIMITS.reason),
  version: orderVersionField(),
});

/** SPEC 5 custom discount: the strings as typed ("12.5%", "-40"); the server parses them. */
export const customDiscountSchema = z.object({
  custom_discount_amount: z.preprocess(emptyToUndefined, z.string().max(20).nullable().optional()),
  custom_discount_percentage: z.preprocess(emptyToUndefined, z.string().max(20).nullable().optional()),
  custom_discount_notes: z.preprocess(emptyToUndefined, textField(ORDER_LIMITS.note).optional()),
  version: orderVersionField(),
});

export const discountCodeBodySchema = z.object({ discount_code: requiredString(50), version: orderVersionField() });
export const bypassPaymentOptionDiscountSchema = z.object({
  bypass_payment_option_discount: z.boolean(),
  version: orderVersionField(),
});

/** recalculate: what each line's price became (old and new, per line). */
export const recalculateResultSchema = z.object({
  order: orderSchema,
  changes: z.array(
    z.object({
      line_item_number: z.number().int(),
      manufacturer_code: z.string(),
      old_unit_price: wireMoney,
      new_unit_price: wireMoney,
      old_total_price: wireMoney,
      new_total_price: wireMoney,
    }),
  ),
  old_total_price: wireMoney,
  new_total_price: wireMoney,
});

export const paymentOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  discount_percentage: wirePercent.nullable(),
  milestones: z.array(
    z.object({ label: z.string(), percentage: wirePercent, due: z.string(), days: z.number().int().nullable() }),
  ),
});
export const paymentOptionsQuerySchema = z.object({ date: optionalParam(isoDate) });

const queryId = () => optionalParam(idField());

/**
 * GET {id}/quote/: the submit form's choices (all optional); the order's own where left out.
 * A bid is quoted with today's rules, a submitted order with its frozen ones.
 */
export const orderQuoteQuerySchema = z.object({
  customer_payment_option: queryId(),
  payment_method: optionalParam(z.enum(PAYMENT_METHODS, { error: MSG.required })),
  shipping_method: optionalParam(z.enum(SHIPPING_METHODS, { error: MSG.required })),
  shipping_address: queryId(),
});

/** What the order would total with those choices: SPEC 3's price fields, money on the wire. */
export const orderQuoteSchema = z.object({
  subtotal: z.string(),
  customer_discount_amount: z.string(),
  total_after_customer_discount: z.string(),
  order_discount: z.string(),
  total_after_discount: z.string(),
  surcharge: z.string(),
  payment_option_discount: z.string(),
  total_before_tax: z.string(),
  sales_tax_in_percentage: z.string(),
  sales_tax_amount: z.string(),
  total_after_tax: z.string(),
  total_price: z.string(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// Comments, notes, todos, files, status documents, timeline

export const orderCommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export const orderCommentBodySchema = z.object({ text: requiredString(ORDER_LIMITS.comment) });

export const orderNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  is_resolved: z.boolean(),
  author: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  resolved_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
/** update_order_note: a new note when note_id is absent, else an edit of that note. */
export const orderNoteBodySchema = z.object({
  note_id: z.preprocess(emptyToUndefined, idField().optional()),
  note: requiredString(ORDER_LIMITS.note),
});
export const resolveOrderNoteSchema = z.object({ note_id: idField() });

export const orderTodoSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  is_completed: z.boolean(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  completed_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
export const orderTodoBodySchema = z.object({ text: requiredString(ORDER_LIMITS.todo) });
export const orderTodoCompleteSchema = z.object({ is_completed: z.boolean() });

export const orderFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['SUPPLEMENT', 'FILE', 'STATUS_DOC']),
  name: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  status: z.string().nullable(),
  created_at: z.string(),
});

/** One entry of the order's timeline (the audit trail of the order and its parts). */
export const orderTimelineEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

export const termsOfUseSchema = z.object({ text: z.string(), version: z.string() });

export const orderTodosQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.orders }),
  is_completed: optionalParam(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
