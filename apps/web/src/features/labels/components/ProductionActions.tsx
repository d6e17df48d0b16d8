import { LABEL_TEXT, labelsApi, PRODUCTION_STATUSES, REMAKE_TEXT, remakesApi } from '@cab/shared';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../auth/index.ts';
import { useOrderRemakes } from '../api.ts';
import { PrintLabelsDialog } from './PrintLabelsDialog.tsx';
import { RequestRemakeDialog } from './RequestRemakeDialog.tsx';

/**
 * The shop's production buttons on an order in production: print its labels, its shelf list,
 * request a remake. Shown to those the endpoints let in (ADMIN, STAFF).
 */
export function ProductionActions({ order }: { order: { id: number; status: string } }) {
  const canPrint = useCan(labelsApi.dymoXmls);
  const canRemake = useCan(remakesApi.request);
  const [open, setOpen] = useState<'print' | 'remake' | null>(null);
  const inProduction = (PRODUCTION_STATUSES as readonly string[]).includes(order.status);
  const remakes = useOrderRemakes(order.id, inProduction && canRemake);
  if (!inProduction) return null;
  const asked = remakes.data?.total ?? 0;
  return (
    <>
      {canPrint && (
        <>
          <Button variant="outlined" onClick={() => setOpen('print')} data-testid="action-print-labels">
            {LABEL_TEXT.printLabels}
          </Button>
          <Button
            variant="outlined"
            component={Link}
            to={`/orders/${order.id}/shelf-list`}
            data-testid="action-shelf-list"
          >
            {LABEL_TEXT.shelfList}
          </Button>
        </>
      )}
      {canRemake && (
        <Button variant="outlined" onClick={() => setOpen('remake')} data-testid="action-request-remake">
          {REMAKE_TEXT.requestRemake}
        </Button>
      )}
      {asked > 0 && (
        <Button component={Link} to={`/orders/remakes?search=${order.id}&status=`} data-testid="action-remakes">
          {REMAKE_TEXT.remakesOfOrder(asked)}
        </Button>
      )}
      {open === 'print' && <PrintLabelsDialog orderId={order.id} onClose={() => setOpen(null)} />}
      {open === 'remake' && <RequestRemakeDialog orderId={order.id} onClose={() => setOpen(null)} />}
    </>
  );
}
