import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { PageHeader } from '../PageHeader.tsx';
import type { Params } from './listParams.ts';
import { PagedDataTable, type PagedDataTableProps } from './PagedDataTable.tsx';

/**
 * A list page (decision 0022): the route's heading with its actions, what stands above the list
 * (a chart, a search), the filters and paged table in a card (`footer` at the card's foot), then
 * what the page opens (its dialogs, as children).
 */
export function ListPage<R, F extends Params = Params>({
  actions,
  above,
  cardTestId,
  footer,
  children,
  ...table
}: PagedDataTableProps<R, F> & {
  actions?: ReactNode;
  above?: ReactNode;
  cardTestId?: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader actions={actions} />
      {above}
      <Card data-testid={cardTestId}>
        <PagedDataTable {...table} />
        {footer}
      </Card>
      {children}
    </>
  );
}
