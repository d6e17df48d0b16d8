import type { SxProps, Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SmallTable } from './SmallTable.tsx';

/** One column of a LineProblemsTable: its header and its cell. */
export interface LineColumn<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
}

/**
 * The lines of an uploaded file that were not taken (a CSV's failed rows, a 2020 file's unknown
 * items): a title, then a scrolling table whose first column is the line in the file.
 */
export function LineProblemsTable<R>({
  title,
  titleSx,
  maxHeight,
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
}: {
  title: ReactNode;
  titleSx?: SxProps<Theme>;
  maxHeight: number;
  columns: readonly LineColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  testId: string;
  rowTestId?: string;
}) {
  return (
    <>
      <Typography variant="subtitle2" sx={titleSx ?? { mb: 1 }}>
        {title}
      </Typography>
      <SmallTable
        container={{ sx: { maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 } }}
        stickyHeader
        data-testid={testId}
        head={columns.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list
          <TableCell key={i} sx={i === 0 ? { width: 72 } : undefined}>
            {c.header}
          </TableCell>
        ))}
      >
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list
              <TableCell key={i}>{c.cell(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </SmallTable>
    </>
  );
}
