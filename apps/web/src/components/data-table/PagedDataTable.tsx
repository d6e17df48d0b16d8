import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { TablePager } from './TablePager.tsx';

/** Page and page size of a server-paged list; a new filter or page size goes back to page 1. */
export function usePaging(initialPageSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return { page, pageSize, setPage, setPageSize };
}
export type Paging = ReturnType<typeof usePaging>;

/** A table of one server page ({ results, total }) with its pager below. */
export function PagedDataTable<R>({
  list,
  paging,
  ...table
}: Omit<DataTableProps<R>, 'rows' | 'loading' | 'fetching'> & {
  list: UseQueryResult<{ results: R[]; total: number }>;
  paging: Paging;
}) {
  return (
    <>
      <DataTable {...table} rows={list.data?.results ?? []} loading={list.isPending} fetching={list.isFetching} />
      <TablePager
        page={paging.page}
        pageSize={paging.pageSize}
        total={list.data?.total ?? 0}
        onPageChange={paging.setPage}
        onPageSizeChange={(next) => {
          paging.setPageSize(next);
          paging.setPage(1);
        }}
      />
    </>
  );
}
