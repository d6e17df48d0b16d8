/** Business constants and limits (SPEC 9). */
export const PAGE_SIZE = {
  premiumList: 10,
  premiumSelection: 50,
  lineItems: 50,
  attachments: 50,
  /** Default pages of the catalogue's category, product group and subcategory lists. */
  categories: 50,
  productGroups: 50,
  subcategories: 50,
  autocomplete: 50,
  autocompleteAll: 1000,
  recommendedMax: 250,
  /** Largest page_size any list accepts. */
  max: 1000,
  /** Default pages of the account, e-mail and announcement lists. */
  accounts: 50,
  outbox: 50,
  announcements: 50,
  /** The announcements screen shows the latest 20 a page. */
  announcementsScreen: 20,
  /** Order lists and an order's to-dos. */
  orders: 50,
  /** The audit trail (SPEC 7). */
  audit: 50,
  /** The finance rule lists (payment options and rules, surcharges, discounts). */
  financeRules: 50,
  /** An order's page: its to-dos and its scan sessions, all on one page. */
  orderParts: 200,
  /** The pre-scan search: the orders whose name matches, the first few. */
  scanOrderSearch: 10,
  /** The order builder's line item search (as you type). */
  lineItemSearch: 20,
} as const;

export const DEBOUNCE_MS = {
  focus: 500,
  autocomplete: 750,
  filter: 1000,
  pageSize: 1000,
} as const;

export const NOTIFY_MS = { default: 5000, short: 3000, lineItemImport: 10000 } as const;

export const TAG_VALUE_MAX = 255;

/**
 * What the database columns hold (packages/db/src/schema): ids and counts are int4 and amounts are
 * int4 cents, so an input past these bounds is refused at validation instead of failing in SQL.
 */
export const DB_INT = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const MONEY_CENTS = { min: DB_INT.min, max: DB_INT.max } as const;

/** Largest picture accepted (width x height): 40 megapixels. A bigger one is refused before it is decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export const EXPORT_CATEGORIES = [
  { label: 'Method 1', value: 1 },
  { label: 'Method 2', value: 2 },
  { label: 'Method 3', value: 3 },
  { label: 'Method 4', value: 14 },
] as const;

export const PREMIUM_TYPES = [
  'WOOD_SPECIES',
  'DOOR_STYLE',
  'DRAWER_STYLE',
  'FINISH_OPTION',
  'LINE_ITEM',
  'ATTACHMENT',
  'FINISHED_SIDE',
] as const;
export type PremiumType = (typeof PREMIUM_TYPES)[number];

export const BASE_CATEGORIES = ['TALL', 'WALL', 'BASE', 'ACCESSORY'] as const;
export const HINGES = ['Right', 'Left', 'Both', 'None'] as const;
export const BULK_CHOICES = ['YES', 'FALSE', 'NO CHANGE'] as const;

/** Order list filter defaults (SPEC 4). */
export const DEFAULT_ORDER_STATUS_FILTER = ['VERIFIED', 'ORDERED', 'IN_PROGRESS'] as const;
export const SAVED_DEFAULT_ORDER_STATUS_FILTER = ['ORDERED', 'IN_PROGRESS'] as const;

/** A chunk-load failure reloads the page at most once in this window (SPEC 8). */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Client log limits: a broken client cannot flood the server (issue 2). */
export const CLIENT_LOG_LIMITS = { bodyBytes: 16 * 1024, fieldChars: 4000, perMinute: 60 } as const;

/**
 * Where the client logs (coreApi.logWarn / logError): plain strings, so the web app's error
 * reporting reaches them without loading the contracts' schemas (decision 0064).
 */
export const CLIENT_LOG_PATHS = { warn: '/api/core/log/warn/', error: '/api/core/log/error/' } as const;

/**
 * Bounds on a request's shape (decision 0019). The deepest body the API takes (an order's groups,
 * items and premiums) nests 4 levels; a body nested deeper than this is refused before anything
 * walks it, so 6 KB of brackets cannot exhaust the stack.
 */
export const REQUEST_LIMITS = { jsonDepth: 32 } as const;
