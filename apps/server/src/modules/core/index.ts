/** Settings, holidays, tags, postal codes, client logs and the dashboard. */
export { supplyAccountFigures, supplyCards, supplyWeek } from './dashboard.ts';
export { coreRoutes } from './routes.ts';
export {
  getSettings,
  holidays,
  lookupPostalCode,
  paymentTermsOnDay,
  readShopTimeZone,
  shopTimeZoneIsFresh,
} from './service.ts';
