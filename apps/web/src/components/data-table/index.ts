/** The list kit's surface for a page: the paged table, its column type and the URL-synced list state. */
export { PagedDataTable } from './PagedDataTable.tsx';
export type { DataColumn } from './types.ts';
export { useListState } from './useListState.ts';
