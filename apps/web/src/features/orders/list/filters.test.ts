import type { MeFilters } from '@cab/shared';
import { describe, expect, it } from 'vitest';
import {
  ALL_STATUSES,
  ANY_RANGE,
  defaultOrderFilter,
  effectiveOrderFilter,
  ORDER_LIST_FILTERS,
  orderListFilterQuery,
  statusParam,
  toSavedFilter,
} from './filters.ts';

const server: MeFilters = {
  status_filter_list: ['VERIFIED', 'ORDERED', 'IN_PROGRESS'],
  default_date_filter: 'all',
  default_order_from_date_filter: null,
  default_order_to_date_filter: null,
  order_filter: null,
};
const saved = (over: Partial<NonNullable<MeFilters['order_filter']>>): MeFilters => ({
  ...server,
  order_filter: { name: '', status: [], date_after: null, date_before: null, selected_range: null, ...over },
});

describe('defaultOrderFilter', () => {
  it('is SPEC 4 VERIFIED, ORDERED, IN_PROGRESS over any date before me/filters answers', () => {
    expect(defaultOrderFilter(undefined)).toEqual({
      status: ['VERIFIED', 'ORDERED', 'IN_PROGRESS'],
      selected_range: '',
      date_after: '',
      date_before: '',
    });
  });

  it("takes the server default filter's statuses ('all' dates means no range)", () => {
    expect(defaultOrderFilter({ ...server, status_filter_list: ['BID'] }).status).toEqual(['BID']);
    expect(defaultOrderFilter(server).selected_range).toBe('');
  });

  it("lets the user's saved filter win over the server default", () => {
    const me = saved({ status: ['ORDERED', 'IN_PROGRESS'], selected_range: 'last_30_days' });
    expect(defaultOrderFilter(me)).toEqual({
      status: ['ORDERED', 'IN_PROGRESS'],
      selected_range: 'last_30_days',
      date_after: '',
      date_before: '',
    });
  });

  it('keeps a saved custom range with its dates, and a saved empty status list means every status', () => {
    const me = saved({ status: [], selected_range: 'custom', date_after: '2025-01-01', date_before: '2025-02-01' });
    expect(defaultOrderFilter(me)).toEqual({
      status: [],
      selected_range: 'custom',
      date_after: '2025-01-01',
      date_before: '2025-02-01',
    });
  });

  it('drops unknown saved statuses and ranges', () => {
    const me = saved({ status: ['ORDERED', 'NOPE'], selected_range: 'fortnight' });
    expect(defaultOrderFilter(me)).toMatchObject({ status: ['ORDERED'], selected_range: '' });
  });
});

describe('effectiveOrderFilter', () => {
  it('uses the default where the URL says nothing', () => {
    const me = saved({ status: ['BID'] });
    expect(effectiveOrderFilter(ORDER_LIST_FILTERS, me).status).toEqual(['BID']);
  });

  it("lets the URL's own selection win over the saved filter", () => {
    const me = saved({ status: ['BID'], selected_range: 'this_year' });
    const url = { ...ORDER_LIST_FILTERS, status: 'ORDERED,SHIPPED', selected_range: ANY_RANGE, name: 'Smith' };
    expect(effectiveOrderFilter(url, me)).toEqual({
      name: 'Smith',
      status: ['ORDERED', 'SHIPPED'],
      selected_range: '',
      date_after: '',
      date_before: '',
    });
  });

  it('reads ALL as every status and ignores dates outside a custom range', () => {
    const url = { ...ORDER_LIST_FILTERS, status: ALL_STATUSES, selected_range: 'today', date_after: '2025-01-01' };
    expect(effectiveOrderFilter(url, server)).toMatchObject({ status: [], selected_range: 'today', date_after: '' });
  });
});

describe('statusParam and the wire query', () => {
  const defaults = ['VERIFIED', 'ORDERED', 'IN_PROGRESS'];
  it('leaves the default out of the URL, in any order', () => {
    expect(statusParam(['IN_PROGRESS', 'VERIFIED', 'ORDERED'], defaults)).toBe('');
  });
  it('writes a selection in lifecycle order, and none ticked as ALL', () => {
    expect(statusParam(['SHIPPED', 'BID'], defaults)).toBe('BID,SHIPPED');
    expect(statusParam([], defaults)).toBe(ALL_STATUSES);
  });
  it('sends statuses comma-joined, a named range, or the custom dates', () => {
    expect(
      orderListFilterQuery({ name: ' x ', status: ['BID'], selected_range: 'today', date_after: '', date_before: '' }),
    ).toEqual({ name: 'x', status: 'BID', selected_range: 'today' });
    expect(
      orderListFilterQuery({
        name: '',
        status: [],
        selected_range: 'custom',
        date_after: '2025-01-01',
        date_before: '',
      }),
    ).toEqual({ date_after: '2025-01-01' });
  });
  it('saves statuses and dates but not the name', () => {
    expect(
      toSavedFilter({ name: 'x', status: ['ORDERED'], selected_range: 'today', date_after: '', date_before: '' }),
    ).toEqual({ name: '', status: ['ORDERED'], selected_range: 'today', date_after: null, date_before: null });
  });
});
