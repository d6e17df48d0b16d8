/**
 * Imports and exports (issue 18, decision 0030): a 2020 design file becomes a BID (through the
 * orders module's createOrder) or updates catalogue line items (through the catalogue's update);
 * an order goes out as CSV for the CNC software (one row per cabinet) and as YAML.
 *
 * Layout: `design2020.ts` (the XML format, pure), `order-import.ts`, `catalog-import.ts`,
 * `exports.ts`, `routes.ts`. No table of its own.
 */
export { transferRoutes } from './routes.ts';
