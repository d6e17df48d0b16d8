import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { TablePager } from './TablePager.tsx';
import type { ListState } from './useListState.ts';

/** A table of one server page ({ results, total }) with its pager below, driven by a list state. */
export function PagedDataTable<R>({
  query,
  state,
  ...table
}: Omit<DataTableProps<R>, 'rows' | 'loading' | 'fetching' | 'loadError'> & {
  query: UseQueryResult<{ results: R[]; total: number }>;
  state: Pick<ListState, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
}) {
  const { page, pageSize, setPage } = state;
  const total = query.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // A delete can empty the last page, and an old link can name a page past the end: show the last one.
  useEffect(() => {
    if (total !== undefined && !query.isPlaceholderData && page > pageCount) setPage(pageCount, { replace: true });
  }, [total, query.isPlaceholderData, page, pageCount, setPage]);

  return (
    <>
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
