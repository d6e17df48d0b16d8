/** The labels feature's user-facing strings (server and web). */
export const LABEL_TEXT = {
  notInProduction: 'Labels are printed for orders in production (approved) only.',
  unknownBarcode: (code: string) => `${code} is not a cabinet of this order.`,
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
} as const;
