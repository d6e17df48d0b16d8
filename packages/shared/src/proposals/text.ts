/**
 * Dealer proposals (issue 37): every word the server and the web say about them. SPEC has no
 * proposals, so these are ours (docs/decisions/0060-dealer-proposals.md).
 */
export const PROPOSAL_TEXT = {
  statusLabels: {
    DRAFT: 'Draft',
    SENT: 'Sent',
    VIEWED: 'Viewed',
    ACCEPTED: 'Accepted',
    DECLINED: 'Declined',
    EXPIRED: 'Expired',
    WITHDRAWN: 'Withdrawn',
  },
  acceptActionLabels: {
    SUBMIT: 'Submit the order to the shop when the client accepts',
    LEAVE: 'Leave the order for me to submit',
  },
  // Field errors (400)
  markupRange: 'Must be between -100 and 1000',
  priceNotNegative: 'Must be 0 or more',
  percentInvalid: 'Must be a percentage with at most 2 decimals',
  taxRateRange: 'Must be between 0 and 100 with at most 3 decimals',
  unknownGroup: 'No such group on this order',
  unknownLine: 'No such line on this order',
  duplicateGroup: 'This group is listed twice',
  duplicateLine: 'This line is listed twice',
  notBid: 'A proposal is made from an order that is still a bid',
  orderEmpty: 'The order has no priced lines',
  acceptTerms: 'Tick the box to accept the terms',
  statusInvalid: 'Must be DRAFT, SENT, VIEWED, ACCEPTED, DECLINED, EXPIRED or WITHDRAWN',
  dateInvalid: 'Must be a date (YYYY-MM-DD)',
  validUntilPast: 'Must be today or later',
  logoRequired: 'Choose an image file (png, jpeg or gif)',
  logoType: 'The logo must be a png, jpeg or gif image',
  // Refusals (409)
  notDraft: 'Only a draft proposal can be changed.',
  notSendable: 'Only a draft proposal can be sent.',
  notWithdrawable: 'This proposal is already accepted, declined, expired or withdrawn.',
  cannotNewVersion: 'An accepted proposal cannot be replaced by a new version.',
  expired: 'This proposal has expired and can no longer be accepted.',
  withdrawn: 'This proposal was withdrawn by the dealer and can no longer be accepted.',
  alreadyAccepted: 'This proposal was already accepted.',
  alreadyDeclined: 'This proposal was already declined.',
  notSent: 'This proposal has not been sent yet.',
  orderChanged: 'The order changed after this proposal was sent; ask the dealer for a new version.',
  orderNotBid: 'The order is no longer a bid; this proposal can no longer be accepted.',
  /** The homeowner's page: what its state means. */
  pageState: {
    DRAFT: 'This proposal has not been sent yet.',
    SENT: 'Review the proposal below, then accept or decline it.',
    VIEWED: 'Review the proposal below, then accept or decline it.',
    ACCEPTED: 'You accepted this proposal. Thank you!',
    DECLINED: 'You declined this proposal.',
    EXPIRED: 'This proposal has expired. Contact the dealer for a new one.',
    WITHDRAWN: 'This proposal was withdrawn by the dealer.',
  },
  /** The order's timeline note when an accepted proposal submits it. */
  orderNote: (number: string, name: string) => `Submitted on acceptance of proposal ${number} by ${name}`,
  /** PDF and page labels. */
  pdf: {
    title: (number: string) => `Proposal ${number}`,
    preparedFor: 'Prepared for',
    licence: (n: string) => `Licence ${n}`,
    date: 'Date',
    validUntil: 'Valid until',
    group: 'Group',
    code: 'Code',
    description: 'Description',
    qty: 'Qty',
    price: 'Price',
    total: 'Total',
    extras: 'Additional items',
    subtotal: 'Subtotal',
    tax: (rate: string) => `Tax (${rate})`,
    grandTotal: 'Total',
    terms: 'Terms',
    notes: 'Notes',
    acceptedBy: (name: string, at: string) => `Accepted by ${name} on ${at}`,
  },
  /** The report's CSV header. */
  reportColumns: ['month', 'sent', 'viewed', 'accepted', 'declined', 'acceptance_rate', 'revenue', 'margin'],
  /** Live events to the dealer. */
  events: {
    viewed: (number: string, client: string) => `${client} opened proposal ${number}`,
    accepted: (number: string, client: string) => `${client} accepted proposal ${number}`,
    declined: (number: string, client: string) => `${client} declined proposal ${number}`,
  },
} as const;

/** Refusal codes of the proposal endpoints. */
export const PROPOSAL_CODES = {
  /** 409: PATCH of a proposal that is not a DRAFT. */
  notDraft: 'proposal_not_draft',
  /** 409: send of a proposal that is not a DRAFT. */
  notSendable: 'proposal_not_sendable',
  /** 409: withdraw of a proposal already decided, expired or withdrawn. */
  notWithdrawable: 'proposal_not_withdrawable',
  /** 409: new version of an accepted proposal. */
  cannotNewVersion: 'proposal_accepted',
  /** 409: accept/decline of a proposal that cannot be answered (its `status` says why). */
  closed: 'proposal_closed',
  /** 409: accept of a proposal whose order changed since it was sent. */
  orderChanged: 'proposal_order_changed',
} as const;

/** The order's audit action when a proposal of it is accepted (its timeline shows it). */
export const PROPOSAL_ORDER_AUDIT_ACTION = 'proposal_accept';

/** The homeowner's page in the web: `/p/{token}` (the public_url's path). */
export const PROPOSAL_PUBLIC_PATH = '/p';
/** The dealer's list in the web. */
export const PROPOSALS_PATH = '/proposals';
