/**
 * Production reports, charts and the planner (issue 18, decision 0031). Owns order_plans.
 * Layout: `repository.ts` (all SQL), `service.ts`, `routes.ts`.
 */

/** The dashboard's production cards, the orders to verify, the customer's order cards and the week chart (issue 29). */
export { adminOrderCards, customerOrderCards, shopCards, shopWeek } from './dashboard.ts';
export { reportsRoutes } from './routes.ts';
export { nextWorkingDay, plannerList, planOrder } from './service.ts';
