import { CATALOG_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { LoadErrorAlert } from '../LoadErrorAlert.tsx';
import { useScrollFocus } from '../useScrollFocus.ts';
import type { DataColumn, RowGroup, RowId } from './types.ts';

interface Selection {
  selected: ReadonlySet<RowId>;
  onChange: (next: Set<RowId>) => void;
}

export interface DataTableProps<R> {
  columns: readonly DataColumn<R>[];
  hidden?: ReadonlySet<string>;
  rows: readonly R[];
  /** The row's key (default: its `id`). */
  getRowId?: (row: R) => RowId;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** A refetch with the previous rows still shown: a thin progress bar. */
  fetching?: boolean;
  /** Consecutive rows with the same group key get one header row above them. */
  groupOf?: (row: R) => RowGroup | null;
  selection?: Selection;
  onRowClick?: (row: R) => void;
  onRowDoubleClick?: (row: R) => void;
  rowActions?: (row: R) => ReactNode;
  emptyText?: string;
  /** The rows could not be loaded: say so, with a retry, instead of "No records found". */
  loadError?: { onRetry: () => void };
  skeletonRows?: number;
  testId?: string;
  rowTestId?: (row: R) => string;
}

/**
 * The row actions stay in view on the right when a table is wider than its card (a narrow
 * screen, many columns): a table must never hide what a person does with a row.
 */
export const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

const idOf = (row: unknown): RowId => (row as { id: RowId }).id;

/** A plain MUI table for server-paged lists: optional columns, group header rows, selection. */
export function DataTable<R>({
  columns,
  hidden,
  rows,
  getRowId = idOf,
  loading = false,
  fetching = false,
  groupOf,
  selection,
  onRowClick,
  onRowDoubleClick,
  rowActions,
  emptyText = CATALOG_TEXT.noRows,
  loadError,
  skeletonRows = 5,
  testId,
  rowTestId,
}: DataTableProps<R>) {
  const visible = columns.filter((c) => !(c.optional && hidden?.has(c.key)));
  const colCount = visible.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const pageIds = rows.map(getRowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const scrollFocus = useScrollFocus<HTMLDivElement>();

  const toggleRow = (id: RowId, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of pageIds) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  let previousGroup: string | null | undefined;

  return (
    <Box sx={{ position: 'relative' }} data-testid={testId}>
      <Box sx={{ height: 4 }}>{fetching && !loading && <LinearProgress sx={{ height: 4 }} />}</Box>
      <TableContainer {...scrollFocus}>
        <Table size="small" sx={{ '& td, & th': { px: 1.5 } }}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50' } }}>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={rows.length > 0 && selectedOnPage === rows.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                    onChange={(e) => togglePage(e.target.checked)}
                    slotProps={{ input: { 'aria-label': CATALOG_TEXT.selectPage } }}
                    data-testid="select-page"
                  />
                </TableCell>
              )}
              {visible.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  // Headings wrap between words rather than widen the table (a wrapped "Outside Edge").
                  sx={{ width: column.width, minWidth: column.minWidth }}
                >
                  {column.header}
                </TableCell>
              ))}
              {rowActions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...STICKY_ACTIONS, bgcolor: 'grey.50' }}>
                  {CATALOG_TEXT.actions}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: fetching && !loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {loading &&
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <TableRow key={i}>
                  {Array.from({ length: colCount }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableCell key={j}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && loadError && (
              <TableRow>
                <TableCell colSpan={colCount} sx={{ py: 3, border: 0 }}>
                  <LoadErrorAlert onRetry={loadError.onRetry} testId="table-error" />
                </TableCell>
              </TableRow>
            )}
            {!loading && !loadError && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colCount} sx={{ py: 6, textAlign: 'center', border: 0 }}>
                  <Typography color="text.secondary" data-testid="table-empty">
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              rows.map((row) => {
                const id = getRowId(row);
                const group = groupOf?.(row) ?? null;
                const showGroup = groupOf !== undefined && (group?.key ?? null) !== previousGroup;
                previousGroup = group?.key ?? null;
                const selected = selection?.selected.has(id) ?? false;
                return (
                  <Fragment key={id}>
                    {showGroup && group && (
                      <TableRow data-testid={`group-row-${group.key}`}>
                        <TableCell
                          colSpan={colCount}
                          sx={{ bgcolor: 'action.hover', py: 0.75, borderBottomColor: 'divider' }}
                        >
                          {group.header}
                        </TableCell>
                      </TableRow>
                    )}
                    <TableRow
                      hover
                      selected={selected}
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row) : undefined}
                      // Keyboard users pick a row with Enter where a double-click selects it.
                      tabIndex={onRowDoubleClick ? 0 : undefined}
                      onKeyDown={
                        onRowDoubleClick
                          ? (event) => {
                              if (event.key === 'Enter' && event.target === event.currentTarget) onRowDoubleClick(row);
                            }
                          : undefined
                      }
                      sx={{
                        cursor: onRowClick || onRowDoubleClick ? 'pointer' : undefined,
                        // A double-click selects the row, not the word under the pointer.
                        userSelect: onRowDoubleClick ? 'none' : undefined,
                      }}
                      data-testid={rowTestId?.(row) ?? `row-${id}`}
                    >
                      {selection && (
                        <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                          <Checkbox
                            size="small"
                            checked={selected}
                            onChange={(e) => toggleRow(id, e.target.checked)}
                            slotProps={{ input: { 'aria-label': CATALOG_TEXT.selectRow } }}
                          />
                        </TableCell>
                      )}
                      {visible.map((column) => (
                        <TableCell
                          key={column.key}
                          align={column.align}
                          sx={{ whiteSpace: column.noWrap ? 'nowrap' : undefined }}
                          data-col={column.key}
                        >
                          {column.render(row)}
                        </TableCell>
                      ))}
                      {rowActions && (
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.25, ...STICKY_ACTIONS }}>
                          {rowActions(row)}
                        </TableCell>
                      )}
                    </TableRow>
                  </Fragment>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
