/** The floor board (/floor, issue 29): the shop's TV, read from across the room. */
export const FLOOR_TEXT = {
  title: 'Floor board',
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  back: 'Back',
  today: 'Planned today',
  todayLoad: (load: number, capacity: number) => `${load} of ${capacity} cabinets`,
  todayFigure: (load: number, capacity: number) => `${load} / ${capacity}`,
  todayUnit: 'cabinets to build / capacity',
  overCapacity: 'Over capacity',
  nothingPlanned: 'Nothing planned today',
  completedToday: 'Completed today',
  inProduction: 'In production',
  noneInProduction: 'No order in production',
  late: 'Late orders',
  noneLate: 'No late orders',
  daysLate: (n: number) => `${n} day${n === 1 ? '' : 's'} late`,
  lastScans: 'Last scans',
  noScans: 'Waiting for the first scan',
  /** A scan of a code that is no cabinet: no order to name. */
  noOrder: 'No order',
  /** More rows than the board holds. */
  more: (n: number) => `and ${n} more`,
  unavailable: 'The board could not be loaded; trying again.',
  /** The kiosk link: the board for the shop's TV, one screen, no chrome (issue 35). */
  tvMode: 'TV mode',
  /** A late order still waiting to be released to the floor (not yet VERIFIED). */
  notReleased: 'Not released',
  remakes: 'Open remakes',
  noRemakes: 'No open remakes',
  /** A long list pages by itself on the TV. */
  page: (n: number, of: number) => `page ${n} of ${of}`,
} as const;
