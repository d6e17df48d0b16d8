import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/data-table/index.ts';

/** A phone table's right column: the amount on top and what goes with it (status, refunded) below it. */
export function amountStackColumn<R>(key: string, header: string, parts: (row: R) => ReactNode): DataColumn<R> {
  return {
    key,
    header,
    align: 'right',
    render: (row) => (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>{parts(row)}</Box>
    ),
  };
}
