import {
  DEFAULT_ORDER_STATUS_FILTER,
  type MeFilters,
  ORDER_DATE_RANGES,
  ORDER_STATUSES,
  type OrderFilter,
  type OrderStatus,
} from '@cab/shared';

/**
 * The order list's filter (SPEC 3 Order filter, SPEC 4 defaults), pure so it can be tested:
 * what the URL holds, what the user's saved filter and the server default add, and the wire
 * query that results.
 */

/** The list state's filters as the URL holds them; '' means "the default". */
export const ORDER_LIST_FILTERS = { name: '', status: '', selected_range: '', date_after: '', date_before: '' };
export type OrderListFilters = typeof ORDER_LIST_FILTERS;

/** The URL value of an explicit "every status" selection ('' already means the default). */
export const ALL_STATUSES = 'ALL';
/** The URL value of an explicit "any date" selection. */
export const ANY_RANGE = 'all';

export interface EffectiveOrderFilter {
  name: string;
  /** Empty: every status. */
  status: OrderStatus[];
  /** A named range, 'custom' (date_after/date_before), or '' (any date). */
  selected_range: string;
  date_after: string;
  date_before: string;
}

const isStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);
const isRange = (s: string | null | undefined): s is string =>
  typeof s === 'string' && (ORDER_DATE_RANGES as readonly string[]).includes(s);

function parseStatuses(text: string): OrderStatus[] {
  return [...new Set(text.split(',').map((s) => s.trim()))].filter(isStatus);
}

/**
 * The filter a list starts from: the user's saved filter (me/filters order_filter) wins; else
 * the server default filter; else SPEC 4's VERIFIED, ORDERED, IN_PROGRESS.
 */
export function defaultOrderFilter(me: MeFilters | null | undefined): Omit<EffectiveOrderFilter, 'name'> {
  const saved = me?.order_filter;
  if (saved) {
    const range = isRange(saved.selected_range) ? saved.selected_range : '';
    return {
      status: saved.status.filter(isStatus),
      selected_range: range,
      date_after: range === 'custom' ? (saved.date_after ?? '') : '',
      date_before: range === 'custom' ? (saved.date_before ?? '') : '',
    };
  }
  const serverStatuses = (me?.status_filter_list ?? []).filter(isStatus);
  const serverRange = isRange(me?.default_date_filter) ? (me?.default_date_filter ?? '') : '';
  return {
    status: serverStatuses.length > 0 ? serverStatuses : [...DEFAULT_ORDER_STATUS_FILTER],
    selected_range: serverRange,
    date_after: serverRange === 'custom' ? (me?.default_order_from_date_filter ?? '') : '',
    date_before: serverRange === 'custom' ? (me?.default_order_to_date_filter ?? '') : '',
  };
}

/** What the list shows: each URL value when set, else the default's. */
export function effectiveOrderFilter(url: OrderListFilters, me: MeFilters | null | undefined): EffectiveOrderFilter {
  const fallback = defaultOrderFilter(me);
  const status = url.status === '' ? fallback.status : url.status === ALL_STATUSES ? [] : parseStatuses(url.status);
  const dates =
    url.selected_range === ''
      ? fallback
      : url.selected_range === ANY_RANGE
        ? { selected_range: '', date_after: '', date_before: '' }
        : {
            selected_range: url.selected_range,
            date_after: url.selected_range === 'custom' ? url.date_after : '',
            date_before: url.selected_range === 'custom' ? url.date_before : '',
          };
  return {
    name: url.name,
    status,
    selected_range: dates.selected_range,
    date_after: dates.date_after,
    date_before: dates.date_before,
  };
}

/** The URL value of a status selection: '' when it is the default, ALL for none ticked. */
export function statusParam(selected: readonly string[], defaults: readonly string[]): string {
  const same = selected.length === defaults.length && selected.every((s) => defaults.includes(s));
  if (same) return '';
  if (selected.length === 0) return ALL_STATUSES;
  // In lifecycle order, so one selection has one URL.
  return ORDER_STATUSES.filter((s) => selected.includes(s)).join(',');
}

/** The wire filters of the list (empty ones are dropped by the transport). */
export function orderListFilterQuery(filter: EffectiveOrderFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.name.trim()) query.name = filter.name.trim();
  if (filter.status.length > 0) query.status = filter.status.join(',');
  if (filter.selected_range === 'custom') {
    if (filter.date_after) query.date_after = filter.date_after;
    if (filter.date_before) query.date_before = filter.date_before;
  } else if (filter.selected_range) {
    query.selected_range = filter.selected_range;
  }
  return query;
}

/** The selection saved by "save as my default" (PATCH me/filters): statuses and dates, not the name. */
export function toSavedFilter(filter: EffectiveOrderFilter): OrderFilter {
  const custom = filter.selected_range === 'custom';
  return {
    name: '',
    status: [...filter.status],
    selected_range: filter.selected_range || null,
    date_after: custom && filter.date_after ? filter.date_after : null,
    date_before: custom && filter.date_before ? filter.date_before : null,
  };
}
