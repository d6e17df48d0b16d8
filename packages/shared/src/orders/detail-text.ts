/**
 * Labels of the order page, the submit page and the order's timeline added by issue 15 (a new
 * user's findings). The timeline reads as a person writes: "Submitted by Paula Price",
 * "Custom discount set to $50.00".
 */
export const ORDER_DETAIL_TEXT = {
  // Submit page: the total it commits to, and a way back
  backToOrder: 'Back to the order',
  quoteTitle: 'Order total',
  quoteHint: 'Choose a payment option and method to see the final total.',
  quoteLoading: 'Pricing…',
  quoteFailed: 'The total could not be priced. Try again.',
  quoteChanged: 'The price changed while you were choosing: check the new total and submit again.',

  // Any change of an order sent with a version someone else's change made stale (409)
  changedMeanwhile:
    'This order was changed by someone else meanwhile. It now shows their changes: check them and try again.',

  // Order page: what was chosen at submit
  submitDetails: 'Delivery and payment',
  shippingMethod: 'Shipping method',
  billingAddress: 'Billing address',
  shippingAddress: 'Shipping address',
  deliveryContact: 'Delivery contact',
  deliveryNotes: 'Delivery notes',
  jobPriority: 'Job priority',
  completionPreference: 'Completion',
  paymentOption: 'Payment option',
  paymentMethod: 'Payment method',

  // Lines table
  colHinge: 'Hinge',
  colFinishedSide: 'Finished side',
  attachmentOf: (code: string) => `Attachment of ${code}`,
  print: 'Print',

  // Actions
  approveTitle: 'Approve this order?',
  approveText: (total: string) => `The order is confirmed at ${total} and goes to the shop.`,
  approveConfirm: 'Yes, approve it',
  notYet: 'Not yet',
  customDiscountTooLarge: (limit: string) => `The discount cannot be more than the order (${limit}).`,
} as const;

/** Audit fields only the shop sees: the timeline leaves them out for a customer. */
export const ORDER_INTERNAL_AUDIT_FIELDS = ['custom_discount_notes'] as const;

/** The order's timeline in words. */
export const ORDER_TIMELINE_TEXT = {
  /** "Submitted by Paula Price". */
  title: (event: string, who: string) => `${event} by ${who}`,
  events: {
    create: 'Created',
    update_groups: 'Lines edited',
    add_group: 'Group added',
    recalculate: 'Prices recalculated',
    update_custom_discount: 'Custom discount changed',
    discount_code: 'Discount code entered',
    cancel_discount_code: 'Discount code removed',
    update_bypass_payment_option_discount: 'Payment option discount changed',
    submit: 'Submitted',
    approve: 'Approved',
    decline: 'Declined',
    start_editing: 'Opened for editing',
    stop_editing: 'Closed for editing',
    fix: 'Fixed',
    clone: 'Copied',
    cancel: 'Cancelled',
    start_production: 'Put in production',
    partially_complete: 'Marked partially completed',
    complete: 'Marked completed',
    ship: 'Marked shipped',
    add_comment: 'Comment added',
    add_note: 'Note added',
    update_note: 'Note edited',
    resolve_note: 'Note resolved',
    add_todo: 'To-do added',
    complete_todo: 'To-do updated',
    delete_todo: 'To-do deleted',
    add_files: 'Files added',
    add_status_docs: 'Status documents added',
    remake_delivery: 'Delivery and due date taken from the source order',
    import_2020: 'Imported from a 2020 design',
  } as Record<string, string>,
  /** The name of each field a person reads; fields not named here are not shown. */
  fields: {
    status: 'Status',
    name: 'Name',
    po_number: 'PO number',
    item_count: 'Lines',
    error_count: 'Group errors',
    subtotal: 'Subtotal',
    order_discount: 'Order discount',
    surcharge: 'Surcharge',
    payment_option_discount: 'Payment option discount',
    sales_tax_amount: 'Sales tax',
    total_price: 'Total',
    requested_date: 'Requested date',
    due_date: 'Due date',
    payment_method: 'Payment method',
    reason: 'Reason',
    note: 'Note',
    text: 'Text',
    custom_discount_notes: 'Discount notes',
  } as Record<string, string>,
  /** Fields whose value is money (wire strings, or cents in older events). */
  moneyFields: [
    'subtotal',
    'order_discount',
    'surcharge',
    'payment_option_discount',
    'sales_tax_amount',
    'total_price',
  ] as readonly string[],
  change: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
  value: (field: string, value: string) => `${field}: ${value}`,
  customDiscountSet: (value: string) => `Custom discount set to ${value}`,
  customDiscountRemoved: 'Custom discount removed',
  codeEntered: (code: string) => `Discount code ${code} entered`,
  codeRemoved: (code: string) => `Discount code ${code} removed`,
  bypassOn: 'Payment option discount skipped',
  bypassOff: 'Payment option discount applied again',
  changedLines: (n: number) => `${n} ${n === 1 ? 'line' : 'lines'} changed price`,
  copiedTo: (id: number) => `Copied to order #${id}`,
  copiedFrom: (id: number) => `Copied from order #${id}`,
  files: (names: string) => `Files: ${names}`,
  /** The import event (issue 29): its file, its counts, then each line it dropped. */
  /** Above a bid whose import left lines out (issue 35): they are not only on the Timeline. */
  importDroppedTitle: 'Lines not imported from the 2020 design',
  importSummary: (file: string, imported: number, failed: number) =>
    `${file}: ${imported} item${imported === 1 ? '' : 's'} imported, ${failed} not imported`,
  importDropped: (line: number, code: string, room: string, reason: string) =>
    `Line ${line}${code ? ` ${code}` : ''}${room ? ` (${room})` : ''}: ${reason}`,
  system: 'System',
} as const;
