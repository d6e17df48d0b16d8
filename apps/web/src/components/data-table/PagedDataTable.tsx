import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect } from 'react';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { FilterSelect, FilterText, FilterToolbar } from './FilterToolbar.tsx';
import type { Params } from './listParams.ts';
import { TablePager } from './TablePager.tsx';
import type { ListState } from './useListState.ts';

type FilterProps<F extends Params> = Parameters<typeof FilterText<F>>[0];
type SelectProps<F extends Params> = Parameters<typeof FilterSelect<F>>[0];

/**
 * One filter of a list, declared: a text (FilterText) or a choice (FilterSelect) on `state.filters`,
 * or a `node` of the page's own (a from-to range: DateRangeFilter).
 */
export type ListFilter<F extends Params> =
  | ({ kind: 'text' } & Omit<FilterProps<F>, 'list'>)
  | ({ kind: 'select' } & Omit<SelectProps<F>, 'list'>)
  | { kind: 'node'; name: string; node: ReactNode };

/** The filter bar above a paged table (decision 0022). */
/** A list's filter bar of one choice and no Clear (the queues: status, with "any" its own choice). */
export const oneSelectFilter = <F extends Params>(field: Omit<SelectProps<F>, 'list'>): ListFilters<F> => ({
  clear: false,
  fields: [{ kind: 'select', ...field }],
});

interface ListFilters<F extends Params> {
  fields: readonly ListFilter<F>[];
  /** Offer Clear while a filter is set (default true). */
  clear?: boolean;
  /** Right of the filters: the column menu, the list's actions. */
  end?: ReactNode;
}

/**
 * A table of one server page ({ results, total }) with its pager below, driven by a list state;
 * with `filters`, the filter bar above it too, so a list page is declared rather than laid out.
 */
export type PagedDataTableProps<R, F extends Params = Params> = Omit<
  DataTableProps<R>,
  'rows' | 'loading' | 'fetching' | 'loadError'
> & {
  query: UseQueryResult<{ results: R[]; total: number }>;
  state: ListState<F>;
  filters?: ListFilters<F>;
};

export function PagedDataTable<R, F extends Params = Params>({
  query,
  state,
  filters,
  ...table
}: PagedDataTableProps<R, F>) {
  const { page, pageSize, setPage } = state;
  const total = query.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // A delete can empty the last page, and an old link can name a page past the end: show the last one.
  useEffect(() => {
    if (total !== undefined && !query.isPlaceholderData && page > pageCount) setPage(pageCount, { replace: true });
  }, [total, query.isPlaceholderData, page, pageCount, setPage]);

  return (
    <>
      {filters && (
        <FilterToolbar list={filters.clear === false ? undefined : state} end={filters.end}>
          {filters.fields.map((filter) =>
            filter.kind === 'node' ? (
              <Fragment key={filter.name}>{filter.node}</Fragment>
            ) : filter.kind === 'select' ? (
              <FilterSelect key={filter.name} list={state} {...filter} />
            ) : (
              <FilterText key={filter.name} list={state} {...filter} />
            ),
          )}
        </FilterToolbar>
      )}
      <DataTable
        skeletonRows={Math.min(pageSize, 10)}
        {...table}
        rows={query.data?.results ?? []}
        loading={query.isPending}
        fetching={query.isFetching}
        loadError={query.isError ? { onRetry: () => void query.refetch() } : undefined}
      />
      <TablePager
        page={page}
        pageSize={pageSize}
        total={total ?? 0}
        onPageChange={setPage}
        onPageSizeChange={state.setPageSize}
      />
    </>
  );
}
