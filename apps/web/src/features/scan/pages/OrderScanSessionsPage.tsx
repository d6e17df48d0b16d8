import { type Order, productionApi, PRODUCTION_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePhone } from '../../../lib/usePhone.ts';
import { useCan } from '../../auth/index.ts';
import { ReprintLabelButton } from '../../labels/index.ts';
import { StatusChip, useOrder } from '../../orders/index.ts';
import { useCabinets, useHandMove, useOrderScanSessions } from '../api.ts';
import { cabinetColumns, phoneSessionColumns, sessionColumns } from '../components/columns.tsx';

/**
 * /orders/:id/scan_sessions (ADMIN, STAFF): the order's cabinets (each label reprinted from its
 * row), the hand moves, and the sessions that scanned it.
 */
export default function OrderScanSessionsPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  return <QueryState query={order}>{(o) => <OrderProduction order={o} />}</QueryState>;
}

function HandMoves({ order }: { order: Order }) {
  const move = useHandMove();
  const can = {
    startProduction: useCan(productionApi.startProduction) && order.allowed_actions.includes('start_production'),
    complete: useCan(productionApi.complete) && order.allowed_actions.includes('complete'),
    ship: useCan(productionApi.ship) && order.allowed_actions.includes('ship'),
  };
  return (
    <>
      {(Object.keys(can) as (keyof typeof can)[])
        .filter((action) => can[action])
        .map((action) => (
          <Button
            key={action}
            variant="outlined"
            disabled={move.isPending}
            onClick={() => move.mutate({ id: order.id, action })}
            data-testid={`hand-${action}`}
          >
            {T.handMoves[action]}
          </Button>
        ))}
      <Button component={RouterLink} to={`/orders/${order.id}`} color="inherit">
        {T.openOrder}
      </Button>
    </>
  );
}

function OrderProduction({ order }: { order: Order }) {
  const navigate = useNavigate();
  const cabinets = useCabinets(order.id);
  const sessions = useOrderScanSessions(order.id);
  const phone = usePhone();
  return (
    <>
      <PageHeader
        title={T.scanSessionsOf(order.name)}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
            #{order.id} <StatusChip status={order.status} />
            <span data-testid="cabinet-counts">{T.cabinetCounts(order.cabinets)}</span>
          </Box>
        }
        actions={<HandMoves order={order} />}
      />
      <Card sx={{ mb: 3 }}>
        <CardHeader title={T.scans} />
        <DataTable
          columns={phone ? phoneSessionColumns : sessionColumns}
          rows={sessions.data?.results ?? []}
          loading={sessions.isPending}
          emptyText={T.noSessions}
          onRowClick={(s) => navigate(`/scan/session/${s.id}`)}
          testId="order-sessions"
        />
      </Card>
      <Card>
        <CardHeader title={T.cabinets} />
        {order.cabinets.total === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{T.noCabinets}</Typography>
          </CardContent>
        ) : (
          <DataTable
            columns={cabinetColumns}
            rows={cabinets.data?.results ?? []}
            loading={cabinets.isPending}
            getRowId={(c) => c.barcode}
            rowActions={(c) => <ReprintLabelButton orderId={order.id} barcode={c.barcode} />}
            testId="order-cabinets"
          />
        )}
      </Card>
    </>
  );
}
