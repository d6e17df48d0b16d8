/**
 * Between a business customer's company and person ("Acme Kitchens · Eli Employee"): without it
 * the two names ran together on labels, reports and the planner (issue 35).
 */
export const CUSTOMER_SEPARATOR = ' · ';

/**
 * Order messages that SPEC does not write (the group rules and the custom discount message are
 * SPEC's and live in MSG). Ours, in one place, used by the server and the web.
 */
export const ORDER_TEXT = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  statusUnknown: 'Unknown order status',
  tooManyGroups: (n: number) => `An order holds at most ${n} groups`,
  tooManyLines: (n: number) => `An order holds at most ${n} lines`,
  termsRequired: 'Accept the terms of use to submit the order',
  shippingAddressRequired: 'Choose a shipping address for delivery',
  bankRequired: 'Choose a bank account to pay by ACH',
  passwordWrong: 'The password is not correct',
  requestedDateTooSoon: (earliest: string) => `The earliest date we can do is ${earliest}`,
  addressNotYours: 'Choose one of your addresses',
  paymentOptionUnavailable: 'This payment option is not available for this order',
  bankNotYours: 'Choose one of your bank accounts',
  customerOnlyForAdmin: 'Only an admin may place an order for a customer',
  customerNotFound: 'No such customer',
  customerRequired: 'Choose the customer this order is for',
  lineItemNotFound: (code: string | number) => `Line item ${code} is not in the catalogue`,
  premiumNotFound: (id: number) => `Premium ${id} is not in the catalogue`,
  attachmentWithoutParent: 'An attachment must follow the item it belongs to',
  duplicateClientId: (id: string) => `Two lines share the id ${id}`,
  notAnAttachment: (code: string) => `${code} is not an attachment`,
  isAnAttachment: (code: string) => `${code} is an attachment; add it to an item`,
  cannotBeUpdated: 'This order can no longer be changed',
  discountCodeUnknown: 'This discount code does not exist',
  discountCodeAlreadySet: 'This order already has a discount code; cancel it first',
  customDiscountMoreThanOrder: (total: string) =>
    `The discount cannot be more than the order's ${total} left to discount`,
  totalChanged: (expected: string, total: string) =>
    `The order's total is now ${total}, not ${expected}: review it and submit again`,
  noDiscountCode: 'This order has no discount code',
  noteNotFound: 'No such note on this order',
  todoNotFound: 'No such to-do on this order',
  filesRequired: 'Choose at least one file',
  orderSaved: 'Order saved',
  orderSubmitted: 'Order submitted',
  todoDeleted: 'To-do deleted',
} as const;

/**
 * The terms a customer accepts when submitting an order (GET {id}/terms_of_use/, terms_of_use on
 * submit). SPEC names the call, not the text; ours, short and plain. A change of the text gets a
 * new version, so an order's acceptance can be matched to the text it accepted.
 */
export const ORDER_TERMS_OF_USE = {
  version: '2026-11-23',
  text: [
    'Terms of use for custom cabinetry orders',
    '',
    '1. Your order. By submitting this order you confirm that the cabinets, sizes, quantities, wood species, finishes, door and drawer styles, hinges and finished sides are as you want them. Cabinets are built to your order; please check every line before you submit.',
    '2. Price. The price shown when you submit is the price of the order. It includes the discounts, fees and sales tax shown on the order. We may only change it with your agreement, for example when you ask for a change after submitting.',
    '3. Review. We review every order before production. We may contact you about anything unclear and may decline an order we cannot build as specified; you are told why.',
    '4. Changes and cancellation. You can change or cancel an order until we have verified it. After that, ask us: changes may alter the price and the due date, and once production has started an order cannot be cancelled.',
    '5. Payment. You pay as the payment option you chose sets out (for example a deposit on approval and the balance before pickup or delivery). Production starts after the first payment due is received.',
    '6. Dates. The requested date is a target. Lead times are counted in business days; weekends and holidays are not counted.',
    '7. Delivery and pickup. Check the cabinets when you receive them and tell us of any damage or missing part within 5 business days. Cabinets not picked up within 30 days of completion may incur storage fees.',
    '8. Natural materials. Wood varies in grain and colour, and finishes may differ slightly from samples; this is not a defect.',
    '9. Installation. Installation is not part of the order unless the order says so.',
  ].join('\n'),
} as const;
