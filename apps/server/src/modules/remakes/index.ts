/**
 * Remakes (issue 18; decision 0029): requests, the list, approve (a linked remake order made
 * through modules/orders/index.ts) and reject. Owns the remakes table.
 */
export { remakesRoutes } from './routes.ts';
export { approveRemake, listRemakes, rejectRemake, requestRemake } from './service.ts';
