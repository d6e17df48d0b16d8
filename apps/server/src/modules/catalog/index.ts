/**
 * The catalogue (SPEC 2-7): categories and premium groups, premiums of every kind, line items and
 * attachments, product groups and subcategories, their images and CSV imports/exports.
 *
 * Layout: `<area>/service.ts` (rules, transactions, audit; first argument the request context),
 * `<area>/repository.ts` (all SQL), `routes.ts` (one line per contract). Shared pieces:
 * `filters.ts` (id/multiple and `filters` JSON rules of the lists), `csv.ts` (parsing and the
 * batched import runner; writing is kit/csv.ts), `tags/repository.ts`, `images/` (processing, repository, service).
 * Every write records an audit event in its transaction; a CSV import one 'import' event per row.
 */

/** A png/gif/jpeg from its first bytes (proposals' logos too). */
export { sniffImage } from './images/processing.ts';
/** What an order's pricing reads of the catalogue: today's line items and premiums by id. */
/** What the imports and exports (modules/transfer) read and write of the catalogue (decision 0030). */
export {
  type LineItemRef,
  type LineItemTransferRef,
  lineItemsForPricing,
  lineItemsForTransfer,
} from './items/repository.ts';
export { updateItem as updateLineItem } from './items/service.ts';
export { catalogPages } from './pages.ts';
export { type PremiumRef, premiumsForExport, premiumsForPricing } from './premiums/repository.ts';
/** The premium combination check (POST /api/catalog/validate/), reused by the orders' group validation. */
export { validateCombination } from './premiums/service.ts';
export { catalogRoutes, moveCatalogVersionOnWrites } from './routes.ts';
/** The catalogue's version token (decision 0016), for answers kept until it moves. */
export { catalogVersionSql } from './version/repository.ts';
