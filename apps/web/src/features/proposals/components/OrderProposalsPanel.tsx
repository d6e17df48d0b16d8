import { formatWireMoney, type Order, proposalsApi, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../auth/index.ts';
import { useOrderProposals, useProposalEvents } from '../api.ts';
import { pricedOfOrder } from '../makeForm.ts';
import { MakeProposalDialog } from './MakeProposalDialog.tsx';
import { ProposalStatusChip } from './ProposalStatusChip.tsx';

/**
 * An order's proposals on its page (issue 37): each with its state, live; and, on a bid, "Make a
 * proposal" for the dealer (the order's customer).
 */
export function OrderProposalsPanel({ order }: { order: Order }) {
  const mayMake = useCan(proposalsApi.create) && order.status === 'BID';
  const mayRead = useCan(proposalsApi.ofOrder);
  const proposals = useOrderProposals(order.id, mayRead);
  useProposalEvents(order.id, mayRead);
  const [making, setMaking] = useState(false);
  const rows = proposals.data ?? [];
  if (!mayRead || (rows.length === 0 && !mayMake)) return null;
  return (
    <Alert severity="info" icon={false} data-testid="order-proposals">
      <AlertTitle>{T.orderProposals}</AlertTitle>
      {rows.length === 0 && <Box>{T.noOrderProposals}</Box>}
      {rows.map((p) => (
        <Box
          key={p.id}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
          data-testid={`order-proposal-${p.id}`}
        >
          <Link component={RouterLink} to={`/proposals/${p.id}`} sx={{ fontWeight: 600 }}>
            {p.number}
          </Link>
          <span>{p.client.name}</span>
          <span>{formatWireMoney(p.total)}</span>
          <ProposalStatusChip status={p.status} />
        </Box>
      ))}
      {mayMake && (
        <Button
          variant="outlined"
          size="small"
          sx={{ mt: 1 }}
          onClick={() => setMaking(true)}
          data-testid="make-proposal"
        >
          {T.make}
        </Button>
      )}
      {making && <MakeProposalDialog order={order.id} priced={pricedOfOrder(order)} onClose={() => setMaking(false)} />}
    </Alert>
  );
}
