/**
 * Labels and refusal messages of the order lifecycle. SPEC names the statuses and actions but
 * writes neither labels nor refusal messages, so these are ours (decision 0013).
 */
export const ORDER_LIFECYCLE_TEXT = {
  statusNotAllowed: (statusLabel: string, actionPast: string) =>
    `This order is ${statusLabel}; it cannot be ${actionPast}.`,
  hasGroupErrors: (n: number) =>
    `This order has ${n} group ${n === 1 ? 'error' : 'errors'}; fix ${n === 1 ? 'it' : 'them'} first.`,
  noItems: 'Add at least one item to the order first.',
  inEditingMode: 'This order is being edited; stop editing it first.',
  notInEditingMode: 'This order is not being edited.',
  reasonRequired: 'Give a reason for declining the order.',
  notFlagged: 'This order has no errors or warnings to fix.',
  noCabinetsComplete: 'No cabinet of this order is complete yet.',
  allCabinetsComplete: 'Every cabinet of this order is complete; it is completed, not partially completed.',
  cabinetsNotAllComplete: 'Not every cabinet of this order is complete yet.',
  cabinetsNotAllShipped: 'Not every cabinet of this order is shipped yet.',
  /** For the server's compare-and-set on status and version (409). */
  changedConcurrently: 'This order was changed by someone else meanwhile; reload it and try again.',
} as const;
