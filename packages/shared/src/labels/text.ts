/** The labels feature's user-facing strings (server and web). */
export const LABEL_TEXT = {
  notInProduction: 'Labels are printed for orders in production (approved) only.',
  unknownBarcode: (code: string) => `${code} is not a cabinet of this order.`,
  unknownShelfBarcode: (code: string) => `${code} is not a shelf label of this order.`,
  sessionInvalid: 'Unknown scan session.',
  // Web
  printLabels: 'Print labels',
  cabinetLabels: 'Cabinet labels',
  shelfLabels: 'Shelf labels',
  mode: 'Labels',
  printer: 'Printer',
  print: 'Print',
  downloadPdf: 'Download PDF',
  searchingPrinter: 'Looking for the DYMO label printer…',
  noService: 'No DYMO print service answered on this computer: the labels come as a PDF for any printer.',
  noPrinters: 'The DYMO service answered but lists no printer.',
  printed: (n: number) => `${n} label${n === 1 ? '' : 's'} sent to the printer`,
  labelCount: (n: number) => `${n} label${n === 1 ? '' : 's'}`,
  // SPEC 8: label library errors
  notInstalled: 'DYMO Label Framework is not installed',
  printTimeout: 'The label printer did not answer within 10 seconds',
  printFailed: 'The label printer refused the labels',
  shelfList: 'Shelf list',
  shelfWidth: 'Width',
  shelfDepth: 'Depth',
  shelfQty: 'Qty',
  totalShelves: (n: number) => `Total shelves: ${n}`,
  noShelves: 'This order has no adjustable shelves.',
  // Reprints and the print history
  reprintLabel: 'Reprint label',
  reprintTitle: (barcode: string) => `Reprint label ${barcode}`,
  labelPrints: 'Label prints',
  noLabelPrints: 'No labels printed yet.',
  printedAt: 'Printed',
  printedBy: 'By',
  // Which labels (the mode column is "Labels" too: issue 35 found two columns of one name).
  printedWhat: 'Barcodes',
  printedCount: 'Count',
  printModes: { CABINET: 'Cabinet labels', SHELF: 'Shelf labels', SESSION: 'Scan session labels' } as Record<
    string,
    string
  >,
  /** A print's labels: the first few barcodes, then how many more. */
  printedKeys: (keys: readonly string[]) =>
    keys.length <= 5 ? keys.join(', ') : `${keys.slice(0, 5).join(', ')} and ${keys.length - 5} more`,
} as const;
