/**
 * The dashboard (issue 29): each role's cards, the shop's week and recent activity, at
 * GET /api/core/dashboard/ (its contract stays core's). The top floor of the server's modules:
 * it reads the figures of reports, invoices and orders through their index.ts; only app.ts
 * imports it (.dependency-cruiser.cjs holds both).
 */
export { dashboardRoutes } from './routes.ts';
