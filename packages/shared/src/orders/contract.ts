import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  bypassPaymentOptionDiscountSchema,
  customDiscountSchema,
  discountCodeBodySchema,
  orderAddGroupSchema,
  orderCommentBodySchema,
  orderCommentSchema,
  orderCreateSchema,
  orderDeclineSchema,
  orderFileSchema,
  orderGroupsUpdateSchema,
  orderListQuerySchema,
  orderListRowSchema,
  orderNoteBodySchema,
  orderNoteSchema,
  orderQuoteQuerySchema,
  orderQuoteSchema,
  orderSchema,
  orderShortSchema,
  orderTimelineEntrySchema,
  orderTodoBodySchema,
  orderTodoCompleteSchema,
  orderTodoSchema,
  orderTodosQuerySchema,
  orderVersionBodySchema,
  paymentOptionSchema,
  paymentOptionsQuerySchema,
  recalculateResultSchema,
  resolveOrderNoteSchema,
  termsOfUseSchema,
} from './schemas.ts';

/**
 * The orders API (SPEC 7 "Orders", issue 9's wire shape). Every endpoint on one order answers 404
 * for an order the caller cannot reach (lifecycle.ts canReachOrder): admins and staff reach every
 * order, a customer their own, a business manager also the company's. Status moves are decided by
 * the lifecycle table (ORDER_MOVES); `access` here is the outer gate.
 */
const api = endpointsFor(['orders']);
const idParams = z.object({ id: idField() });
const todoParams = idParams.extend({ todoId: idField() });
const fileParams = idParams.extend({ fileId: idField() });
/** A call without a payload: no body, `{}` or an empty JSON body (http/route.ts). */
const empty = z.object({}).optional();
/** A call that changes the order without a payload: as `empty`, or `{ version }` (409 when stale). */
const versioned = orderVersionBodySchema;
const O = '/api/orders/:id';

export const ordersApi = {
  list: api.signedIn({
    method: 'GET',
    path: '/api/orders/',
    summary:
      'Orders the caller may see: name (contains), status (A,B or repeated), date_after, date_before, selected_range, customer (shop), page, page_size, order_by',
    query: orderListQuerySchema,
    response: paged(orderListRowSchema),
  }),
  create: api.adminAndCustomers({
    method: 'POST',
    path: '/api/orders/',
    summary: 'Create a BID from { name, po_number?, customer? (admin only), groups }; priced and validated',
    body: orderCreateSchema,
    response: orderSchema,
    status: 201,
  }),
  detail: api.signedIn({
    method: 'GET',
    path: `${O}/`,
    summary: 'One order with its groups, items, frozen breakdowns and price fields',
    params: idParams,
    response: orderSchema,
  }),
  short: api.signedIn({
    method: 'GET',
    path: `${O}/short/`,
    summary: 'The order without its groups (merged into the order on screen)',
    params: idParams,
    response: orderShortSchema,
  }),
  replaceGroups: api.signedIn({
    method: 'PUT',
    path: `${O}/groups/`,
    summary:
      'Replace the groups (and optionally name, po_number) of an order that can be updated; version refuses a stale save with 409',
    params: idParams,
    body: orderGroupsUpdateSchema,
    response: orderSchema,
  }),
  addGroup: api.signedIn({
    method: 'POST',
    path: `${O}/add_group/`,
    summary: 'Append one group to an order that can be updated',
    params: idParams,
    body: orderAddGroupSchema,
    response: orderSchema,
  }),

  // Lifecycle (DOMAIN.md table, lifecycle.ts ORDER_MOVES)
  submit: api.adminAndCustomers({
    method: 'POST',
    path: `${O}/submit/`,
    summary: 'Multipart: SPEC 3 submit fields (orderSubmitSchema) and supplement_documentation files; BID -> ORDERED',
    params: idParams,
    response: orderSchema,
  }),
  approve: api.admin({
    method: 'POST',
    path: `${O}/approve/`,
    summary: 'ORDERED -> VERIFIED',
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  decline: api.admin({
    method: 'POST',
    path: `${O}/decline/`,
    summary: 'ORDERED -> DECLINED with a reason (kept in metadata.status_notes)',
    params: idParams,
    body: orderDeclineSchema,
    response: orderSchema,
  }),
  startEditing: api.shop({
    method: 'POST',
    path: `${O}/start_editing/`,
    summary: 'The shop takes a submitted order for editing (in_editing_mode)',
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  stopEditing: api.shop({
    method: 'POST',
    path: `${O}/stop_editing/`,
    summary: 'Revalidates and reprices, then ends editing (refused while groups have errors)',
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  fix: api.shop({
    method: 'PATCH',
    path: `${O}/fix/`,
    summary: "Revalidates a flagged order against today's catalogue rules and clears what no longer applies",
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  clone: api.adminAndCustomers({
    method: 'POST',
    path: `${O}/clone/`,
    summary: 'Copy the groups and items into a new BID for the same customer, priced today',
    params: idParams,
    body: empty,
    response: orderSchema,
    status: 201,
  }),
  cancel: api.admin({
    method: 'POST',
    path: `${O}/cancel/`,
    summary: 'Cancel an order before production (no payments made)',
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  recalculate: api.shop({
    method: 'POST',
    path: `${O}/recalculate/`,
    summary: "Reprice every line from today's catalogue; answers the order and each line's change",
    params: idParams,
    body: versioned,
    response: recalculateResultSchema,
  }),

  // Price (DOMAIN.md "Order totals")
  updateCustomDiscount: api.admin({
    method: 'PATCH',
    path: `${O}/update_custom_discount/`,
    summary: 'SPEC 5 custom discount: "12.5%" a percentage, "-40" an amount; setting one clears the other',
    params: idParams,
    body: customDiscountSchema,
    response: orderSchema,
  }),
  discountCode: api.adminAndCustomers({
    method: 'POST',
    path: `${O}/discount_code/`,
    summary: 'Enter a discount code (one per order); its use is claimed on submit',
    params: idParams,
    body: discountCodeBodySchema,
    response: orderSchema,
  }),
  cancelDiscountCode: api.adminAndCustomers({
    method: 'POST',
    path: `${O}/cancel_discount_code/`,
    summary: "Remove the order's discount code (and release its claimed use)",
    params: idParams,
    body: versioned,
    response: orderSchema,
  }),
  updateBypassPaymentOptionDiscount: api.admin({
    method: 'POST',
    path: `${O}/update_bypass_payment_option_discount/`,
    summary: "Skip (or apply again) the payment option's discount on this order",
    params: idParams,
    body: bypassPaymentOptionDiscountSchema,
    response: orderSchema,
  }),
  paymentOptions: api.signedIn({
    method: 'GET',
    path: `${O}/payment_options/`,
    summary: 'Payment options the order may use on a date (default today)',
    params: idParams,
    query: paymentOptionsQuerySchema,
    response: z.object({ results: z.array(paymentOptionSchema) }),
  }),
  quote: api.signedIn({
    method: 'GET',
    path: `${O}/quote/`,
    summary:
      "What the order would total for a payment option, payment method and shipping choice (submit's expected_total); changes nothing",
    params: idParams,
    query: orderQuoteQuerySchema,
    response: orderQuoteSchema,
  }),

  // Conversation, notes, to-dos, files, documents, timeline
  comments: api.signedIn({
    method: 'GET',
    path: `${O}/comments/`,
    summary: 'Comments on the order, oldest first',
    params: idParams,
    response: z.object({ results: z.array(orderCommentSchema) }),
  }),
  addComment: api.signedIn({
    method: 'POST',
    path: `${O}/comments/`,
    summary: 'Add a comment (text)',
    params: idParams,
    body: orderCommentBodySchema,
    response: orderCommentSchema,
    status: 201,
  }),
  notes: api.shop({
    method: 'GET',
    path: `${O}/notes/`,
    summary: "The shop's notes on the order",
    params: idParams,
    response: z.object({ results: z.array(orderNoteSchema) }),
  }),
  updateOrderNote: api.shop({
    method: 'PATCH',
    path: `${O}/update_order_note/`,
    summary: 'Add a note (no note_id) or change one (note_id, note)',
    params: idParams,
    body: orderNoteBodySchema,
    response: orderNoteSchema,
  }),
  resolveOrderNote: api.shop({
    method: 'POST',
    path: `${O}/resolve_order_note/`,
    summary: 'Mark a note resolved (note_id)',
    params: idParams,
    body: resolveOrderNoteSchema,
    response: orderNoteSchema,
  }),
  todos: api.shop({
    method: 'GET',
    path: `${O}/todos/`,
    summary: "The order's to-dos: is_completed, page, page_size",
    params: idParams,
    query: orderTodosQuerySchema,
    response: paged(orderTodoSchema),
  }),
  addTodo: api.shop({
    method: 'POST',
    path: `${O}/todo/`,
    summary: 'Add a to-do (text)',
    params: idParams,
    body: orderTodoBodySchema,
    response: orderTodoSchema,
    status: 201,
  }),
  completeTodo: api.shop({
    method: 'PATCH',
    path: `${O}/todo/:todoId/complete/`,
    summary: 'Tick or untick a to-do (is_completed)',
    params: todoParams,
    body: orderTodoCompleteSchema,
    response: orderTodoSchema,
  }),
  deleteTodo: api.shop({
    method: 'DELETE',
    path: `${O}/todo/:todoId/delete/`,
    summary: 'Delete a to-do',
    params: todoParams,
    response: z.object({ detail: z.string() }),
  }),
  files: api.signedIn({
    method: 'GET',
    path: `${O}/files/`,
    summary: 'Files on the order: supplement documents, added files and status documents',
    params: idParams,
    response: z.object({ results: z.array(orderFileSchema) }),
  }),
  fileDownload: api.signedIn({
    method: 'GET',
    path: `${O}/files/:fileId/`,
    summary: 'Download one file of the order',
    params: fileParams,
    response: z.unknown(),
  }),
  addFiles: api.signedIn({
    method: 'POST',
    path: `${O}/add_files/`,
    summary: 'Multipart: files (repeatable) and replace (true: the new files replace the added ones)',
    params: idParams,
    response: z.object({ results: z.array(orderFileSchema) }),
  }),
  addStatusDocs: api.shop({
    method: 'POST',
    path: `${O}/add_status_docs/`,
    summary: 'Multipart: files kept with the current status (e.g. a signed delivery note)',
    params: idParams,
    response: z.object({ results: z.array(orderFileSchema) }),
  }),
  timeline: api.signedIn({
    method: 'GET',
    path: `${O}/timeline/`,
    summary: "The order's audit trail, newest first: who, when, what, before and after",
    params: idParams,
    response: z.object({ results: z.array(orderTimelineEntrySchema) }),
  }),
  termsOfUse: api.signedIn({
    method: 'GET',
    path: `${O}/terms_of_use/`,
    summary: 'The terms a customer accepts on submit',
    params: idParams,
    response: termsOfUseSchema,
  }),
} as const;
