/**
 * Labels (issue 18; decision 0029): DYMO label XML and label PDFs per order (cabinets from the
 * production's cabinets table, else the order's lines: one per unit, barcode
 * `{order}-{line_no}-{unit}`), the shelf list, and the print
 * records (table label_prints). Reads orders through modules/orders/index.ts.
 */
/** The day's work list (reports) draws each order's cabinets and shelves as its labels do (issue 35). */
export { inches as inchesText, shelfRows } from './cabinets.ts';
export { labelsRoutes } from './routes.ts';
export { orderCabinetLabels, printList, productionOrder } from './service.ts';
