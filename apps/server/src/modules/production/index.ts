/**
 * Production (issue 18, decision 0028): cabinets, scan sessions and scans, the hand moves and the
 * completed/shipped log. Owns cabinets, scan_sessions and scans. Layout by job: `cabinets/` (made
 * at approve, listed, finished by the hand moves), `scans/` (sessions and scans; the scans move
 * orders through the orders lifecycle as `via: 'scan'`), `log/` (completed_shipped_log).
 *
 * It reacts to order moves through orders' reactions, filled in apps/server/src/wiring.ts: the
 * cabinets are made inside the approve's transaction, kept in step with a VERIFIED order's edits,
 * and the hand moves complete or ship the cabinets not scanned.
 */
/** The cabinets' reactions to orders' moves (wiring.ts): made at approve, finished by the hand moves. */

export { cabinetsOf as orderCabinets } from './cabinets/repository.ts';
export {
  cabinetsOfOrder,
  completeRemainingCabinets,
  keepCabinetsInStep,
  makeCabinets,
  shipRemainingCabinets,
} from './cabinets/service.ts';
/** The dashboard's cards and week chart are the completion log's totals (issue 29). */
export { completedPerDay, completedShippedLog } from './log/service.ts';
export { productionRoutes } from './routes.ts';
export { closeSession, openSession, scan } from './scans/service.ts';
