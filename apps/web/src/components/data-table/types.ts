import type { ReactNode } from 'react';

export type RowId = number | string;

export interface DataColumn<R> {
  key: string;
  /** Column heading, also its name in the column menu. */
  header: string;
  render: (row: R) => ReactNode;
  /** May be hidden through the column menu (SPEC 2: optional columns). */
  optional?: boolean;
  /** Optional columns hidden until the user ticks them. */
  hiddenByDefault?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  minWidth?: number | string;
  /** Keep the cell on one line. */
  noWrap?: boolean;
}

/** The header shown above a run of rows that share a group. */
export interface RowGroup {
  key: string;
  header: ReactNode;
}
