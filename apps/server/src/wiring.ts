import { assertSlotsFilled } from './kit/slots.ts';
import { dailyChargesBody } from './modules/finance/index.ts';
import {
  dateOnComplete,
  issueOnApprove,
  orderInvoice,
  orderInvoiceStampSql,
  postDailyCharges,
  reissue,
  voidOnCancel,
} from './modules/invoices/index.ts';
import { approvalAsked, askApproval, beforeBidChanges, orderApprovalOf, orderSlots } from './modules/orders/index.ts';
import {
  completeRemainingCabinets,
  keepCabinetsInStep,
  makeCabinets,
  shipRemainingCabinets,
} from './modules/production/index.ts';

/**
 * Every reaction across modules, in one place (as jobs.ts declares every piece of background
 * work): a module lower in the house declares a slot (kit/slots.ts) for work a module above it
 * does, and this file fills each. It answers "what else happens when an order moves?".
 *
 * Called by buildApp (app.ts) and the demo seed before any work; filling again replaces (tests
 * build many apps). An empty slot stops the start with a message naming it (a test holds it).
 */

export function wireModules(): void {
  // An order's moves, in the order they run inside the move's transaction (a throw undoes the move):
  // approve issues the invoice (invoices) and makes the cabinets (production); the hand moves and
  // the last scan complete or ship the cabinets not scanned; a cancel voids the invoice.
  orderSlots.moves.fill({
    approve: [issueOnApprove, makeCabinets],
    stop_editing: [keepCabinetsInStep],
    cancel: [voidOnCancel],
    complete: [dateOnComplete, completeRemainingCabinets],
    ship: [shipRemainingCabinets],
  });
  // A change that moved the order's total reissues its invoice (a new version).
  orderSlots.repriced.fill([reissue]);
  // The order answer carries its invoice, kept while the invoice's stamp holds.
  orderSlots.invoice.fill({ read: orderInvoice, stampSql: orderInvoiceStampSql });
  // Business approvals (issue 30): an employee's submit the company's rule holds waits for a
  // manager; any other change of a BID withdraws its PENDING request.
  orderSlots.heldSubmit.fill({ asked: approvalAsked, ask: askApproval });
  orderSlots.approvals.fill({ beforeBidChanges, read: orderApprovalOf });
  // finance:daily-charges (jobs.ts) posts the day's interest and fees to the invoices' ledger.
  dailyChargesBody.fill(postDailyCharges);
  assertSlotsFilled();
}
