import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * A small table laid out in full on the page (no paging, no sorting: DataTable does those): one head
 * row of `head` cells over the `children` rows. `container` goes to the scrolling container (its
 * height, border, the scroll focus of useScrollFocus); the rest to the table.
 */
export function SmallTable({
  head,
  container,
  children,
  ...table
}: { head: ReactNode; container?: TableContainerProps; children: ReactNode } & Omit<TableProps, 'size'>) {
  return (
    <TableContainer {...container}>
      <Table size="small" {...table}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
