/** "1 cabinet", "2 cabinets" (issue 35: "0 of 1 cabinets done"). */
const cabinetCount = (n: number) => `${n} ${n === 1 ? 'cabinet' : 'cabinets'}`;

/** Messages of the production reports, charts and the planner (decision 0031). */
export const REPORTS_TEXT = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeInvalid: 'date_after must be on or before date_before',
  rangeTooLong: (days: number) => `The range may span at most ${days} days`,
  closedDay: (day: string) => `${day} is a closed day (weekend or holiday): choose a working day`,
  pastDay: (day: string) => `${day} is in the past: choose today or a later working day`,
  notPlannable: (status: string) => `An order in status ${status} cannot be planned`,
  capacityRange: 'Capacity per day must be a whole number from 1 to 100000',
  overCapacity: (day: string, load: number, capacity: number) =>
    `${day} would hold ${load} cabinets to build, over its capacity of ${capacity}`,
} as const;

/** The planner's error codes: a move over the day's capacity (409, extra.load) unless forced. */
export const PLANNER_ERROR_CODES = { overCapacity: 'over_capacity' } as const;

/** The web screens of the reports and the planner. */
export const REPORTS_WEB_TEXT = {
  downloadCsv: 'Download CSV',
  sampleRate: 'Sample rate',
  sampleRates: { day: 'Day', week: 'Week', month: 'Month' },
  nameFilter: 'Order name',
  from: 'From',
  to: 'To',
  /** A log's period while from-to dates are chosen (they win over Today / 7 / 30 days). */
  rangeCustom: 'Chosen dates',
  rangeReversed: 'From must be on or before To',
  noRows: 'No orders',
  colId: 'ID',
  colName: 'Order',
  colCustomer: 'Customer',
  colStatus: 'Status',
  colSubmitted: 'Submitted',
  colDue: 'Due date',
  colDaysLate: 'Days late',
  colCompleted: 'Completed',
  colItems: 'Items',
  colTotal: 'Total',
  chartCreated: 'Orders created',
  chartLate: 'Late',
  chartOnTime: 'On time',
  chartCompletedWaiting: 'Completed, not shipped yet',
  chartCompletedThenShipped: 'Completed, shipped since',
  chartPartialLate: 'Past due',
  chartPartialNotDue: 'Not yet due',
  chartTitles: {
    late: 'Orders due per period: late and on time',
    completed: 'Orders completed per period, whatever happened after (the orders listed below)',
    partial: 'Partially completed orders by due date (the orders listed below)',
    created: 'Bid volume: orders created',
  },
  // Planner
  capacityTitle: 'Production capacity',
  capacityHint: 'Cabinets the shop builds per working day: the planner weighs each day against it',
  capacityPerDay: 'Capacity per day (cabinets)',
  plannerBack: 'Back to orders',
  previousWeeks: 'Earlier',
  nextWeeks: 'Later',
  unplanned: 'Not planned',
  unplannedHint: 'Drag an order onto a working day',
  capacity: (load: number, capacity: number) => `${load} / ${capacity} cabinets`,
  overCapacity: 'Over capacity',
  closed: 'Closed',
  atRisk: 'Late risk',
  cabinets: (n: number) => `${n} cabinet${n === 1 ? '' : 's'}`,
  due: (day: string) => `Due ${day}`,
  moved: (name: string, day: string) => `${name} planned on ${day}`,
  unplannedDone: (name: string) => `${name} is no longer planned`,
  progress: (done: number, total: number) => `${done} of ${cabinetCount(total)} done`,
  remaining: (n: number) => `${n} left`,
  finishedNotMovable: (status: string) => `${status}: a finished order stays on its day and cannot be moved`,
  overCapacityTitle: 'Over capacity',
  overCapacityConfirm: (day: string, load: number, capacity: number) =>
    `${day} would hold ${load} cabinets to build, over its capacity of ${capacity}. Plan it anyway?`,
  planAnyway: 'Plan anyway',
} as const;

/** The day's work list (issue 35): on screen and printed. */
export const WORK_LIST_TEXT = {
  print: 'Print work list',
  title: (day: string) => `Work list ${day}`,
  none: 'Nothing is planned on this day.',
  due: (day: string | null) => `Due ${day ?? 'not set'}`,
  toBuild: (left: number, total: number) => `${left} of ${total} cabinets to build`,
  columns: {
    barcode: 'Barcode',
    code: 'Code',
    description: 'Description',
    side: 'Finished side',
    hinge: 'Hinge',
    finish: 'Finish',
  },
  done: 'done',
  shelves: 'Shelves to cut',
  shelf: (width: string, depth: string, qty: number) => `${qty} x ${width}W x ${depth}D`,
  noShelves: 'No adjustable shelves',
} as const;

/** The productivity report's page (issue 35). */
export const PRODUCTIVITY_TEXT = {
  subtitle: 'Cabinets completed and scans per station or per person, net of undone scans',
  groupBy: 'Group by',
  groups: { station: 'Station', user: 'Person' },
  cabinetsCompleted: 'Cabinets completed',
  scans: 'Scans',
  firstScan: 'First scan',
  lastScan: 'Last scan',
  perHour: 'Per hour',
  none: 'No scans in this period.',
} as const;
