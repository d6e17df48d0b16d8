/** Production's messages (issue 18): the server's refusals and the scan screens' words. */
export const PRODUCTION_CODES = {
  sessionClosed: 'scan_session_closed',
} as const;

export const PRODUCTION_TEXT = {
  sessionClosed: 'This scan session is closed.',
  scanResult: {
    OK: 'OK',
    DUPLICATE: 'Already scanned',
    UNKNOWN: 'Unknown code',
    WRONG_STATE: 'Not allowed in this order state',
  },
  sessionTypes: {
    PRODUCTION: 'Production',
    SHIPPING: 'Shipping',
    AUDIT: 'Audit',
  },
  sessionTypeHelp: {
    PRODUCTION: 'Each scan marks a cabinet complete.',
    SHIPPING: 'Each scan marks a cabinet shipped or picked up.',
    AUDIT: 'Scans are only recorded.',
  },
  cabinetStatus: { PENDING: 'Pending', COMPLETED: 'Completed', SHIPPED: 'Shipped' },
  logEvents: { COMPLETED: 'Completed', SHIPPED: 'Shipped' },
  customersCannotScan: 'Scanning is done by the shop. Your order page shows how far production is.',
  waiting: (n: number) => `${n} scan${n === 1 ? '' : 's'} waiting for the network`,
  offline: 'Offline: scans are kept on this device and sent when the network returns.',
  scanPrompt: 'Scan a barcode (or type it and press Enter)',
  camera: 'Camera',
  stopCamera: 'Stop camera',
  cameraFailed: 'The camera could not be started.',
  closeSession: 'Close session',
  sessionClosedBanner: 'This session is closed; open a new one to scan.',
  newSession: 'New scan session',
  openSession: 'Open session',
  startScanning: 'Scan',
  searchOrders: 'Find an order (name or number)',
  noCabinets: 'No cabinets yet: they are made when the order is approved.',
} as const;
