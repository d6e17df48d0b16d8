/**
 * The live floor (issue 29, decision 0042): `GET /api/events/` (Server-Sent Events) and the
 * events other modules publish in their changes' transactions. Owns `live_events`. Imports no
 * other module: every module may publish.
 */
export { lastSettledEvent } from './heard.ts';
export { PRUNE_EVENTS_JOB, pruneEvents } from './prune.ts';
export { publishEvent } from './publish.ts';
export { eventsRoutes } from './routes.ts';
