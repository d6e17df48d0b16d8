import { ORDER_DETAIL_TEXT as D, formatWireMoney, type Order, type OrderItem, ORDERS_WEB_TEXT as T } from '@cab/shared';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ColumnMenu } from '../../../components/data-table/ColumnMenu.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useColumnVisibility } from '../../../components/data-table/useColumnVisibility.ts';
import { BreakdownDialog } from '../builder/BreakdownDialog.tsx';
import { breakdownFromWire } from '../builder/pricing.ts';
import { attachmentsUnderCabinets } from './lines.ts';

type LineColumn = DataColumn<OrderItem>;

/** SPEC 3 line-item table columns; only the four price columns can be toggled. Printed, the
 * unit price columns are left out so the table fits a Letter page (PRINT_HIDDEN). */
/** What a column's header and body cells share: its alignment, its test id and whether it prints. */
const cellProps = (c: LineColumn) => ({
  align: c.align,
  'data-col': c.key,
  'data-print': PRINT_HIDDEN.has(c.key) ? 'hide' : undefined,
});

const COLUMNS: LineColumn[] = [
  { key: 'line_item_number', header: T.colLine, render: (i) => i.line_item_number },
  { key: 'qty', header: T.colQty, align: 'right', render: (i) => i.qty },
  { key: 'manufacturer_code', header: T.colMfr, render: (i) => i.manufacturer_code },
  { key: 'width', header: T.colWidth, align: 'right', render: (i) => i.width ?? '' },
  { key: 'height', header: T.colHeight, align: 'right', render: (i) => i.height ?? '' },
  { key: 'depth', header: T.colDepth, align: 'right', render: (i) => i.depth ?? '' },
  { key: 'nb_door', header: T.colDoors, align: 'right', render: (i) => i.nb_door },
  { key: 'nb_drawer', header: T.colDrawers, align: 'right', render: (i) => i.nb_drawer },
  { key: 'nb_shelf', header: T.colShelves, align: 'right', render: (i) => i.nb_shelf },
  { key: 'finish', header: T.colFinish, render: (i) => i.finish },
  { key: 'hinge', header: D.colHinge, render: (i) => i.hinge ?? '' },
  { key: 'finished_side', header: D.colFinishedSide, render: (i) => i.breakdown.finished_side?.code ?? '' },
  ...(
    [
      ['price', T.colPrice, 'unit_price'],
      ['total_price', T.colTotalPrice, 'total_price'],
      ['final_price', T.colFinalPrice, 'final_price'],
      ['total_final_price', T.colTotalFinalPrice, 'total_final_price'],
    ] as const
  ).map(
    ([key, header, field]): LineColumn => ({
      key,
      header,
      align: 'right',
      optional: true,
      render: (i) => formatWireMoney(i[field]),
    }),
  ),
  { key: 'description', header: T.colDescription, minWidth: 240, render: (i) => i.description },
];

const PRINT_HIDDEN = new Set(['price', 'final_price']);

/** The shop floor's print: small type, cells that wrap, no buttons; the table fits Letter portrait. */
const PRINT_TABLE = {
  '@media print': {
    '& td, & th': { px: 0.25, py: 0.25, fontSize: '7.5pt', lineHeight: 1.2, whiteSpace: 'normal !important' },
    '& [data-print="hide"]': { display: 'none' },
    '& td[data-col="description"], & th[data-col="description"]': { minWidth: 0 },
  },
} as const;

/** The groups and lines of an order that cannot be edited here: read-only, with each line's breakdown. */
export function OrderLines({ order }: { order: Order }) {
  const [breakdown, setBreakdown] = useState<OrderItem | null>(null);
  const columnMenu = useColumnVisibility('orders.lines', COLUMNS);
  const visible = COLUMNS.filter((c) => !(c.optional && columnMenu.hidden.has(c.key)));
  return (
    <Card data-testid="order-lines">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {T.groups}
          </Typography>
          <Box sx={{ displayPrint: 'none' }}>
            <ColumnMenu columns={COLUMNS} hidden={columnMenu.hidden} onToggle={columnMenu.toggle} />
          </Box>
        </Box>
        {order.groups.length === 0 && <Typography color="text.secondary">{T.noGroups}</Typography>}
        <Stack spacing={3}>
          {order.groups.map((group, index) => (
            <Box key={group.id} data-testid={`order-group-${index}`}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {T.groupName(index, group.name)}
                </Typography>
                {Object.entries(group.premium_codes)
                  .filter(([, code]) => code)
                  .map(([kind, code]) => (
                    <Chip key={kind} size="small" variant="outlined" label={`${kind.replaceAll('_', ' ')}: ${code}`} />
                  ))}
                <Box sx={{ flex: 1 }} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatWireMoney(group.subtotal)}
                </Typography>
              </Box>
              {[...group.errors, ...group.warnings].map((message) => (
                <Alert key={message} severity={group.errors.includes(message) ? 'error' : 'warning'} sx={{ mb: 1 }}>
                  {message}
                </Alert>
              ))}
              <TableContainer sx={{ '@media print': { overflow: 'visible' } }}>
                <Table size="small" sx={{ '& td, & th': { px: 1 }, ...PRINT_TABLE }}>
                  <TableHead>
                    <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', bgcolor: 'grey.50' } }}>
                      {visible.map((c) => (
                        <TableCell key={c.key} {...cellProps(c)} sx={{ minWidth: c.minWidth, whiteSpace: 'nowrap' }}>
                          {c.header}
                        </TableCell>
                      ))}
                      <TableCell data-print="hide" />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {attachmentsUnderCabinets(group.items).map(({ item, parent }) => (
                      <TableRow
                        key={item.id}
                        data-testid={`line-${item.line_item_number}`}
                        data-attachment-of={parent ? parent.line_item_number : undefined}
                        sx={parent ? { bgcolor: 'grey.50', '& td': { color: 'text.secondary' } } : undefined}
                      >
                        {visible.map((c) => (
                          <TableCell
                            key={c.key}
                            {...cellProps(c)}
                            sx={{
                              pl: c.key === 'manufacturer_code' && parent ? 3 : undefined,
                              whiteSpace: c.key === 'description' ? undefined : 'nowrap',
                            }}
                          >
                            {c.key === 'manufacturer_code' && parent ? (
                              <span title={D.attachmentOf(parent.manufacturer_code)}>
                                <span aria-hidden>↳ </span>
                                {c.render(item)}
                              </span>
                            ) : (
                              c.render(item)
                            )}
                          </TableCell>
                        ))}
                        <TableCell align="right" sx={{ py: 0 }} data-print="hide">
                          <IconButton
                            size="small"
                            aria-label={T.breakdown}
                            onClick={() => setBreakdown(item)}
                            data-testid="line-breakdown"
                          >
                            <InfoOutlined fontSize="small" />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          ))}
        </Stack>
      </CardContent>
      <BreakdownDialog
        code={breakdown?.manufacturer_code ?? ''}
        view={breakdown ? breakdownFromWire(breakdown.breakdown) : null}
        onClose={() => setBreakdown(null)}
      />
    </Card>
  );
}
