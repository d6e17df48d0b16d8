import { PAGE_SIZE } from '@cab/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import {
  applyPatch,
  changedParams,
  type Params,
  positiveInt,
  readParams,
  readRemembered,
  remember,
  urlPatch,
} from './listParams.ts';

export interface SearchStateOptions<T extends Params> {
  /** Names the list in sessionStorage; lists that share a key share their remembered state. */
  key: string;
  /** Every parameter of the state with its default value (a default is left out of the URL). */
  defaults: T;
  /** URL parameter prefix (`prefix.page`) for screens that show several lists at once. */
  prefix?: string;
  /** false: local state only, neither in the URL nor remembered (lists inside dialogs). */
  url?: boolean;
}

type Write = { push: boolean };

// Several lists of one screen write in the same tick (tabs and their list restoring at mount):
// their changes are merged into one navigation, built on the address as it is when it runs.
let pending: { patch: Record<string, string | null>; push: boolean; navigate: NavigateFunction } | null = null;

function writeUrl(navigate: NavigateFunction, patch: Record<string, string | null>, { push }: Write): void {
  if (!pending) {
    pending = { patch: {}, push: false, navigate };
    queueMicrotask(() => {
      const batch = pending;
      pending = null;
      if (!batch) return;
      const current = window.location.search.replace(/^\?/, '');
      const next = applyPatch(current, batch.patch);
      if (next !== current) batch.navigate({ search: next ? `?${next}` : '' }, { replace: !batch.push });
    });
  }
  Object.assign(pending.patch, patch);
  pending.push ||= push;
  pending.navigate = navigate;
}

/**
 * String parameters kept in the URL (a link or a reload shows the same state, back and forward
 * step through it) and remembered per browser tab: a screen opened with none of its parameters
 * in the URL gets its last state back (SPEC 3: the users screen keeps its tab and search texts).
 */
export function useSearchState<T extends Params>({
  key,
  defaults,
  prefix,
  url = true,
}: SearchStateOptions<T>): [T, (patch: Partial<T>, write?: Write) => void] {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [local, setLocal] = useState<Params>({});
  const inUrl = url ? readParams(search, defaults, prefix) : null;
  // Opened without its parameters: show the remembered state at once and put it in the URL.
  const [restore, setRestore] = useState<Params | null>(() => {
    if (!url || inUrl) return null;
    const remembered = changedParams(readRemembered(key), defaults);
    return Object.keys(remembered).length > 0 ? remembered : null;
  });
  const raw = !url ? local : (inUrl ?? restore ?? {});
  const values = { ...defaults, ...changedParams(raw, defaults) } as T;
  const changed = JSON.stringify(changedParams(values, defaults));

  useEffect(() => {
    if (!restore) return;
    if (inUrl) setRestore(null);
    else writeUrl(navigate, urlPatch(restore, defaults, prefix), { push: false });
  });

  useEffect(() => {
    if (url) remember(key, JSON.parse(changed) as Params);
  }, [url, key, changed]);

  const update = (patch: Partial<T>, write: Write = { push: true }) => {
    if (!url) {
      setLocal((current) => ({ ...current, ...patch }) as Params);
      return;
    }
    const next = { ...values, ...patch } as Params;
    // Remembered now, not after the next render: leaving the page right after a click keeps it.
    remember(key, changedParams(next, defaults));
    // Only the parameters this change names, applied to the address as it is when it runs: a
    // change made from an older render (a filter's Enter just after a status click) must not
    // put back the values that render saw.
    const named = Object.fromEntries(Object.keys(patch).map((name) => [name, next[name] ?? defaults[name] ?? '']));
    writeUrl(navigate, urlPatch(named, defaults, prefix), write);
  };
  return [values, update];
}

export interface ListStateOptions<F extends Params> {
  key: string;
  prefix?: string;
  url?: boolean;
  /** The list's first page size: a PAGE_SIZE constant. */
  pageSize: number;
  orderBy?: string;
  /** Filter names with their empty values. */
  filters?: F;
}

export interface ListState<F extends Params = Params> {
  page: number;
  pageSize: number;
  orderBy: string;
  filters: F;
  /** Some filter differs from its empty value. */
  isFiltered: boolean;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (pageSize: number) => void;
  setOrderBy: (orderBy: string) => void;
  setFilter: (name: keyof F & string, value: string) => void;
  setFilters: (patch: Partial<F>) => void;
  clearFilters: () => void;
  /** `page` and `page_size` as a list query sends them. */
  paging: { page: number; page_size: number };
}

/**
 * The one state of a server-paged list: page, page size, order and filters, in the URL and
 * remembered (useSearchState). A new filter, order or page size goes back to page 1.
 */
export function useListState<F extends Params = Record<never, string>>({
  key,
  prefix,
  url,
  pageSize,
  orderBy = '',
  filters,
}: ListStateOptions<F>): ListState<F> {
  const emptyFilters = (filters ?? {}) as F;
  const [values, update] = useSearchState<Params>({
    key,
    prefix,
    url,
    defaults: { page: '1', page_size: String(pageSize), order_by: orderBy, ...emptyFilters },
  });
  const current = Object.fromEntries(Object.keys(emptyFilters).map((name) => [name, values[name]])) as F;
  const page = positiveInt(values.page, 1);
  const size = positiveInt(values.page_size, pageSize, PAGE_SIZE.recommendedMax);
  const firstPage = { page: '1' };
  return {
    page,
    pageSize: size,
    orderBy: values.order_by ?? orderBy,
    filters: current,
    isFiltered: Object.keys(emptyFilters).some((name) => current[name] !== emptyFilters[name]),
    setPage: (next, options) => update({ page: String(next) }, { push: !options?.replace }),
    setPageSize: (next) => update({ ...firstPage, page_size: String(next) }),
    setOrderBy: (next) => update({ ...firstPage, order_by: next }),
    setFilter: (name, value) => update({ ...firstPage, [name]: value }),
    setFilters: (patch) => update({ ...firstPage, ...patch }),
    clearFilters: () => update({ ...firstPage, ...emptyFilters }),
    paging: { page, page_size: size },
  };
}

/**
 * `useListState` and the feature's list hook on it (`useRows`, which reads the state's page, size,
 * order and filters), in one: a list page spreads it on its `ListPage` or `PagedDataTable`
 * (`<ListPage {...list} …/>`) and reads `list.state` (its filters) and `list.query` (its data).
 */
export function useListQuery<F extends Params, Q extends UseQueryResult<{ results: unknown[]; total: number }>>(
  options: ListStateOptions<F>,
  useRows: (state: ListState<F>) => Q,
): { state: ListState<F>; query: Q } {
  const state = useListState(options);
  return { state, query: useRows(state) };
}

/** What a list's data hook reads from its state. */
export type ListQueryState<F extends Params = Params> = Pick<ListState<F>, 'paging' | 'orderBy' | 'filters'>;

/**
 * The wire query of a list state: page, page_size, order_by when set, and the filters that are
 * set (an empty filter is left out).
 */
export function listQueryOf<F extends Params>(
  state: ListQueryState<F>,
): { page: number; page_size: number; order_by?: string } & Partial<F> {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, value]) => value !== '')) as Partial<F>;
  return { ...state.paging, ...(state.orderBy ? { order_by: state.orderBy } : {}), ...filters };
}
