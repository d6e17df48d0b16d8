import { formatWireMoney, formatWirePercent, PROPOSAL_TEXT, type Proposal, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useOrder } from '../../orders/index.ts';
import { useProposal, useProposalEvents } from '../api.ts';
import { ProposalActions } from '../components/ProposalActions.tsx';
import { ProposalLines, Totals } from '../components/ProposalLines.tsx';
import { ProposalStatusChip } from '../components/ProposalStatusChip.tsx';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** What happened to the proposal, from its times: made, sent, viewed, then its answer. */
function history(p: Proposal): [string, string][] {
  const rows: [string, string | null][] = [
    [PROPOSAL_TEXT.statusLabels.DRAFT, p.created_at],
    [PROPOSAL_TEXT.statusLabels.SENT, p.sent_at],
    [PROPOSAL_TEXT.statusLabels.VIEWED, p.viewed_at],
  ];
  if (['ACCEPTED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'].includes(p.status)) {
    rows.push([PROPOSAL_TEXT.statusLabels[p.status], p.decided_at]);
  }
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

/**
 * Accepted while the dealer's setting leaves the order to them (or the submit could not go): the
 * one click that takes the order to its submit page.
 */
function SubmitOrder({ order }: { order: number }) {
  const status = useOrder(order).data?.status;
  if (status !== 'BID') return null;
  return (
    <Button
      component={RouterLink}
      to={`/orders/${order}/submit`}
      variant="contained"
      data-testid="proposal-submit-order"
    >
      {T.submitOrder}
    </Button>
  );
}

function ProposalView({ proposal: p }: { proposal: Proposal }) {
  return (
    <Stack spacing={3} data-testid="proposal-page" data-status={p.status}>
      <PageHeader
        title={T.title(p.number, p.client.name)}
        subtitle={<ProposalStatusChip status={p.status} size="medium" />}
        actions={<ProposalActions proposal={p} full />}
      />
      {p.order_changed && p.status !== 'ACCEPTED' && <Alert severity="warning">{PROPOSAL_TEXT.orderChanged}</Alert>}
      {p.acceptance && (
        <Alert
          severity="success"
          data-testid="proposal-accepted"
          action={p.status === 'ACCEPTED' && <SubmitOrder order={p.order.id} />}
        >
          {PROPOSAL_TEXT.pdf.acceptedBy(p.acceptance.name, formatDateTime(p.acceptance.at))}
        </Alert>
      )}
      {p.status === 'DECLINED' && p.decline_note && <Alert severity="info">{p.decline_note}</Alert>}
      <Card>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
          <Field label={T.order}>
            <Link component={RouterLink} to={`/orders/${p.order.id}`} data-testid="proposal-order">
              {T.orderLink(p.order.id)}
            </Link>
          </Field>
          <Field label={T.clientSection}>
            {[p.client.name, p.client.email, p.client.phone, p.client.address].filter(Boolean).join(' · ')}
          </Field>
          <Field label={T.made}>{formatDateTime(p.created_at)}</Field>
          <Field label={T.validUntil}>{formatDay(p.valid_until)}</Field>
          <Field label={T.publicLink}>
            <Link href={p.public_url} target="_blank" rel="noopener" data-testid="proposal-public-url">
              {p.public_url}
            </Link>
          </Field>
          {p.previous && (
            <Field label={T.replaces}>
              <Link component={RouterLink} to={`/proposals/${p.previous.id}`}>
                {p.previous.number}
              </Link>
            </Field>
          )}
          {p.next && (
            <Field label={T.replacedBy}>
              <Link component={RouterLink} to={`/proposals/${p.next.id}`} data-testid="proposal-next">
                {p.next.number}
              </Link>
            </Field>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {T.lines}
          </Typography>
          <ProposalLines proposal={p} dealer />
          <Box sx={{ mt: 2 }}>
            <Totals
              rows={[
                [T.costTotal, formatWireMoney(p.cost_total), 'proposal-cost-total'],
                [T.margin, formatWireMoney(p.margin), 'proposal-margin'],
                [T.marginPercent, formatWirePercent(p.margin_percent), 'proposal-margin-percent'],
              ]}
            />
          </Box>
        </CardContent>
      </Card>
      {(p.terms || p.notes) && (
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            {p.terms && <Field label={T.terms}>{p.terms}</Field>}
            {p.notes && <Field label={T.notes}>{p.notes}</Field>}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {T.history}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="proposal-history">
            {history(p).map(([label, at]) => (
              <li key={label}>
                {label}: {formatDateTime(at)}
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** /proposals/{id}: a proposal with its cost and margin, its history and its moves; answers show live. */
export default function ProposalPage() {
  const id = Number(useParams().id);
  const query = useProposal(id);
  useProposalEvents(query.data?.order.id);
  return (
    <QueryState query={query} errorText={T.loadFailed}>
      {(p) => <ProposalView proposal={p} />}
    </QueryState>
  );
}
