/**
 * Production (issue 18, decision 0028): cabinets, scan sessions and scans, the hand moves and the
 * completed/shipped log. Owns cabinets, scan_sessions and scans. Layout by job: `cabinets/` (made
 * at approve, listed, finished by the hand moves), `scans/` (sessions and scans; the scans move
 * orders through the orders lifecycle as `via: 'scan'`), `log/` (completed_shipped_log).
 *
 * It reacts to order moves through orders' onOrderMove (registered when this module loads): the
 * cabinets are made inside the approve's transaction, kept in step with a VERIFIED order's edits,
 * and the hand moves complete or ship the cabinets not scanned.
 */
import { onOrderMove } from '../orders/index.ts';
import { completeRemainingCabinets, makeCabinets, shipRemainingCabinets } from './cabinets/service.ts';

onOrderMove('approve', 'cabinets', makeCabinets);
onOrderMove('stop_editing', 'cabinets', async (tx, moved, before) =>
  moved.status === 'VERIFIED' && before.status === 'VERIFIED' ? makeCabinets(tx, moved) : undefined,
);
onOrderMove('complete', 'cabinets', completeRemainingCabinets);
onOrderMove('ship', 'cabinets', shipRemainingCabinets);

export { cabinetsOf as orderCabinets } from './cabinets/repository.ts';
/** The labels and remakes read an order's real cabinets (decision 0029): barcode, snapshot, status. */
export { cabinetsOfOrder } from './cabinets/service.ts';
/** The dashboard's cards and week chart are the completion log's totals (issue 29). */
export { completedPerDay, completedShippedLog } from './log/service.ts';
export { productionRoutes } from './routes.ts';
export { closeSession, openSession, scan } from './scans/service.ts';
