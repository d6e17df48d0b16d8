import { BUILDER_TEXT, formatMoney, formatPercent, ORDERS_WEB_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BreakdownView } from './pricing.ts';

/** "Why does this cost that": base price, each premium's part, finished side, unit, qty, total. */
export function BreakdownDialog({
  code,
  view,
  onClose,
}: {
  code: string;
  view: BreakdownView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={view !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="breakdown-dialog">
      <DialogTitle>{BUILDER_TEXT.breakdownTitle(code)}</DialogTitle>
      {view && (
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="breakdown-source">
            {view.live ? BUILDER_TEXT.breakdownLive : BUILDER_TEXT.breakdownSaved}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{BUILDER_TEXT.premium}</TableCell>
                <TableCell>{BUILDER_TEXT.perUnit}</TableCell>
                <TableCell align="right">{BUILDER_TEXT.amount}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow data-testid="breakdown-base">
                <TableCell>{BUILDER_TEXT.basePrice}</TableCell>
                <TableCell />
                <TableCell align="right">{formatMoney(view.base_price)}</TableCell>
              </TableRow>
              {view.rows.map((row) => (
                <TableRow key={`${row.kind}-${row.code}`} data-testid={`breakdown-${row.kind}`}>
                  <TableCell>
                    {BUILDER_TEXT.premiumKind[row.kind] ?? row.kind}
                    {row.code ? ` ${row.code}` : ''}
                  </TableCell>
                  <TableCell>
                    {row.percentage !== null
                      ? formatPercent(row.percentage)
                      : row.price !== null
                        ? formatMoney(row.price)
                        : ''}
                    {row.percentage === null && row.multiplier !== 1 ? ` ${BUILDER_TEXT.times(row.multiplier)}` : ''}
                  </TableCell>
                  <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                </TableRow>
              ))}
              <TableRow data-testid="breakdown-unit">
                <TableCell sx={{ fontWeight: 600 }}>{BUILDER_TEXT.unitPrice}</TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(view.unit_price)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell>{BUILDER_TEXT.qty}</TableCell>
                <TableCell />
                <TableCell align="right">{view.qty}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{BUILDER_TEXT.total}</TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="breakdown-total">
                  {formatMoney(view.total_price)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{ORDERS_WEB_TEXT.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
