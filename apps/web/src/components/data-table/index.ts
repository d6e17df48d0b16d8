/** The list kit's surface for a page: the tables, their column type and the URL-synced list state with its query. */
export { DataTable } from './DataTable.tsx';
export { ListPage } from './ListPage.tsx';
export type { DataColumn } from './types.ts';
export { useListQuery } from './useListState.ts';
