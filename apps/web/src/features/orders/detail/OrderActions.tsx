import {
  canChangePrice,
  ORDER_DETAIL_TEXT as D,
  formatWireMoney,
  NOTIFY_MS,
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  type Order,
  type OrderAction,
  orderDeclineSchema,
  ordersApi,
  ORDERS_WEB_TEXT as T,
} from '@cab/shared';
import Box from '@mui/material/Box';
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
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useCan, useSession } from '../../auth/index.ts';
import { ProductionActions } from '../../labels/index.ts';
import { OrderExportButtons } from '../../transfer/index.ts';
import { type SimpleMove, useCloneOrder, useDeclineOrder, useOrderMove, useRecalculate } from '../api.ts';

type RecalculateResult = z.infer<typeof ordersApi.recalculate.response>;

/** The buttons, in this order, of the moves the order answers in allowed_actions: the lifecycle's up to production. */
const BUTTONS: readonly OrderAction[] = ORDER_ACTIONS.slice(0, ORDER_ACTIONS.indexOf('start_production'));
const SIMPLE: readonly OrderAction[] = ['start_editing', 'stop_editing', 'fix'];
/** Moves asked again before they are made. */
type Confirmed = 'decline' | 'cancel' | 'approve';

function DeclineDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const decline = useDeclineOrder(order);
  return (
    <TextDialog
      title={T.declineTitle}
      submitLabel={ORDER_ACTION_LABELS.decline.label}
      field={orderDeclineSchema.shape.reason}
      label={T.declineReason}
      required
      mutation={decline}
      done={T.actionDone(ORDER_ACTION_LABELS.decline.past)}
      onClose={onClose}
      testId="decline-dialog"
    />
  );
}

function RecalculateDialog({ result, onClose }: { result: RecalculateResult; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="recalculate-dialog">
      <DialogTitle>{T.recalculateTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }} data-testid="recalculate-total">
          {T.recalculateTotal(formatWireMoney(result.old_total_price), formatWireMoney(result.new_total_price))}
        </Typography>
        {result.changes.length === 0 ? (
          <Typography color="text.secondary">{T.recalculateNoChange}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{T.colLine}</TableCell>
                <TableCell>{T.colCode}</TableCell>
                <TableCell align="right">{T.colOldUnit}</TableCell>
                <TableCell align="right">{T.colNewUnit}</TableCell>
                <TableCell align="right">{T.colOldTotal}</TableCell>
                <TableCell align="right">{T.colNewTotal}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.changes.map((c) => (
                <TableRow key={c.line_item_number} data-testid={`recalculate-line-${c.line_item_number}`}>
                  <TableCell>{c.line_item_number}</TableCell>
                  <TableCell>{c.manufacturer_code}</TableCell>
                  <TableCell align="right">{formatWireMoney(c.old_unit_price)}</TableCell>
                  <TableCell align="right">{formatWireMoney(c.new_unit_price)}</TableCell>
                  <TableCell align="right">{formatWireMoney(c.old_total_price)}</TableCell>
                  <TableCell align="right">{formatWireMoney(c.new_total_price)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The order's lifecycle buttons: exactly the moves allowed_actions names (the server's lifecycle
 * table decides), plus Recalculate for the shop. A refusal shows as SPEC 8's popup (lib/api.ts).
 */
export function OrderActions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const move = useOrderMove(order);
  const clone = useCloneOrder(order.id);
  const recalculate = useRecalculate(order);
  const { role } = useSession();
  const canRecalculate = useCan(ordersApi.recalculate) && role !== null && canChangePrice('recalculate', order, role);
  const [dialog, setDialog] = useState<Confirmed | null>(null);
  const [recalculated, setRecalculated] = useState<RecalculateResult | null>(null);
  const busy = move.isPending || clone.isPending || recalculate.isPending;

  const done = (action: OrderAction) =>
    enqueueSnackbar(T.actionDone(ORDER_ACTION_LABELS[action].past), {
      variant: 'success',
      autoHideDuration: NOTIFY_MS.short,
    });
  const run = async (action: OrderAction) => {
    try {
      if (action === 'submit') navigate(`/orders/${order.id}/submit`);
      else if (action === 'decline' || action === 'cancel' || action === 'approve') setDialog(action);
      else if (action === 'clone') {
        const copy = await clone.mutateAsync();
        done(action);
        navigate(`/orders/${copy.id}`);
      } else if (SIMPLE.includes(action)) {
        await move.mutateAsync(action as SimpleMove);
        done(action);
      }
    } catch {
      // Shown by the transport (SPEC 8 popup).
    }
  };
  const confirmed = async (action: 'cancel' | 'approve') => {
    try {
      await move.mutateAsync(action);
      done(action);
    } catch {
      // Shown by the transport.
    }
    setDialog(null);
  };

  const actions = BUTTONS.filter((a) => order.allowed_actions.includes(a));
  // Cancel and approve are asked again first.
  const asked =
    dialog === 'cancel'
      ? {
          title: T.cancelTitle,
          text: T.cancelText,
          confirmLabel: T.cancelConfirm,
          cancelLabel: T.keepOrder,
          destructive: true,
        }
      : dialog === 'approve'
        ? {
            title: D.approveTitle,
            text: D.approveText(formatWireMoney(order.total_price)),
            confirmLabel: D.approveConfirm,
            cancelLabel: D.notYet,
          }
        : null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, displayPrint: 'none' }} data-testid="order-actions">
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'submit' || action === 'approve' ? 'contained' : 'outlined'}
          color={action === 'decline' || action === 'cancel' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => void run(action)}
          data-testid={`action-${action}`}
        >
          {ORDER_ACTION_LABELS[action].label}
        </Button>
      ))}
      {canRecalculate && (
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => recalculate.mutate(undefined, { onSuccess: (result) => setRecalculated(result) })}
          data-testid="action-recalculate"
        >
          {T.recalculate}
        </Button>
      )}
      <ProductionActions order={order} />
      {order.status !== 'BID' && <OrderExportButtons orderId={order.id} />}
      {dialog === 'decline' && <DeclineDialog order={order} onClose={() => setDialog(null)} />}
      {asked && (
        <ConfirmDialog
          open
          {...asked}
          busy={move.isPending}
          onConfirm={() => void confirmed(dialog as 'cancel' | 'approve')}
          onClose={() => setDialog(null)}
        />
      )}
      {recalculated && <RecalculateDialog result={recalculated} onClose={() => setRecalculated(null)} />}
    </Box>
  );
}
