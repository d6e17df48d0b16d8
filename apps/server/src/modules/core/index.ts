/** Settings, holidays (and business days), tags, postal codes and client logs (the dashboard is modules/dashboard). */

/** The dashboard's count of client errors. */
export { clientErrorsSince } from './repository.ts';
export { coreRoutes } from './routes.ts';
export {
  businessDaysFrom,
  getSettings,
  holidays,
  lookupPostalCode,
  paymentTermsOnDay,
  readShopTimeZone,
  shopTimeZoneIsFresh,
} from './service.ts';
