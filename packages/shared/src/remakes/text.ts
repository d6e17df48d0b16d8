/** The remakes feature's user-facing strings (server and web). */
export const REMAKE_TEXT = {
  reasonUnknown: 'Choose one of the remake reasons.',
  itemsRequired: 'Choose at least one cabinet to remake.',
  unknownBarcode: (code: string) => `${code} is not a cabinet of this order.`,
  attachmentWithoutParent: (code: string, lineNo: number) =>
    `${code} is an attachment: remake it with its cabinet (line ${String(lineNo).padStart(2, '0')}).`,
  duplicateBarcode: (code: string) => `${code} is listed twice.`,
  notInProduction: 'A remake is asked for an order in production (approved) only.',
  notOpen: 'This remake request has already been decided.',
  rejectReasonRequired: 'Required',
  remakeOrderName: (name: string, id: number) => `${name} (remake ${id})`,
  remakeOrderNote: (orderId: number, id: number) => `Remake ${id} of order ${orderId}`,
  // Web
  title: 'Remakes',
  requestRemake: 'Request remake',
  request: 'Request',
  cabinets: 'Cabinets',
  reason: 'Reason',
  source: 'Source',
  notes: 'Notes',
  status: 'Status',
  search: 'Search',
  order: 'Order',
  requestedBy: 'Requested by',
  requestedAt: 'Requested',
  remakeOrder: 'Remake order',
  approve: 'Approve',
  reject: 'Reject',
  charged: 'Charge the customer (priced at today’s prices)',
  approveTitle: (id: number) => `Approve remake ${id}`,
  approveText:
    'A remake order is created for the cabinets listed and enters production. It is priced $0.00 unless charged.',
  rejectTitle: (id: number) => `Reject remake ${id}`,
  rejectReason: 'Reason',
  requested: 'Remake requested',
  approved: (orderId: number) => `Remake approved: order ${orderId} created`,
  rejected: 'Remake rejected',
  none: 'No remakes.',
  remakesOfOrder: (n: number) => `Remakes (${n})`,
  // The order page's links (issue 29)
  remakeOf: 'Remake of',
  // The source order's own name, then the request that made this one (not "… (remake 6)", which read as its name).
  remakeOfLink: (orderId: number, name: string, remakeId: number) =>
    `#${orderId} ${name}, by remake request ${remakeId}`,
  remakesField: 'Remakes',
  remakeOrderLink: (orderId: number, name: string) => `#${orderId} ${name}`,
  remakeWithoutOrder: (remakeId: number, status: string) => `Remake ${remakeId}: ${status}`,
} as const;
