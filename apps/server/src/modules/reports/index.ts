/**
 * Production reports, charts and the planner (issue 18, decision 0031). Owns order_plans.
 * Layout: `repository.ts` (all SQL), `service.ts`, `routes.ts`.
 */
export { reportsRoutes } from './routes.ts';
export { nextWorkingDay, plannerList, planOrder } from './service.ts';
