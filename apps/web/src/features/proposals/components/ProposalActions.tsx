import { type Proposal, type ProposalRow, proposalsApi, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useCan } from '../../auth/index.ts';
import { downloadProposalPdf, useProposalMove } from '../api.ts';
import { pricedOfProposal } from '../makeForm.ts';
import { MakeProposalDialog } from './MakeProposalDialog.tsx';

/** Replaced by a new version while the client has not answered; withdrawn likewise. */
const OPEN = new Set(['DRAFT', 'SENT', 'VIEWED']);

/**
 * A proposal's actions: Send (a draft), Copy link (the client's page), New version (the order
 * changed, or prices do: the old one is withdrawn), and on its page Withdraw and PDF.
 */
export function ProposalActions({ proposal, full = false }: { proposal: ProposalRow | Proposal; full?: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const send = useProposalMove('send');
  const renew = useProposalMove('newVersion');
  const withdraw = useProposalMove('withdraw');
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  // A draft is edited on its page (the row of a list has no lines to offer).
  const draft = full && 'lines' in proposal && proposal.status === 'DRAFT' ? proposal : undefined;
  const busy = send.isPending || renew.isPending || withdraw.isPending;
  // ADMIN reads a dealer's proposals; only the dealer moves them.
  const dealer = useCan(proposalsApi.send);
  const open = dealer && OPEN.has(proposal.status);
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  const size = full ? 'medium' : 'small';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} onClick={stop}>
      {dealer && proposal.status === 'DRAFT' && (
        <Button
          size={size}
          variant="contained"
          disabled={busy}
          data-testid="proposal-send"
          onClick={async () => {
            await send.mutateAsync(proposal.id);
            enqueueSnackbar(T.sent(proposal.client.email), { variant: 'success' });
          }}
        >
          {T.send}
        </Button>
      )}
      {dealer && draft && (
        <Button
          size={size}
          variant="outlined"
          disabled={busy}
          data-testid="proposal-edit"
          onClick={() => setEditing(true)}
        >
          {T.edit}
        </Button>
      )}
      {editing && draft && (
        <MakeProposalDialog
          order={draft.order.id}
          priced={pricedOfProposal(draft)}
          draft={draft}
          onClose={() => setEditing(false)}
        />
      )}
      {proposal.status !== 'DRAFT' && (
        <Button
          size={size}
          variant="outlined"
          data-testid="proposal-copy-link"
          onClick={async () => {
            await navigator.clipboard?.writeText(proposal.public_url).catch(() => undefined);
            enqueueSnackbar(T.linkCopied, { variant: 'success' });
          }}
        >
          {T.copyLink}
        </Button>
      )}
      {open && (
        <Button
          size={size}
          variant="outlined"
          disabled={busy}
          data-testid="proposal-new-version"
          onClick={async () => {
            const next = await renew.mutateAsync(proposal.id);
            enqueueSnackbar(T.newVersionMade(next.number), { variant: 'success' });
            navigate(`/proposals/${next.id}`);
          }}
        >
          {T.newVersion}
        </Button>
      )}
      {full && open && (
        <Button
          size={size}
          color="error"
          variant="outlined"
          disabled={busy}
          data-testid="proposal-withdraw"
          onClick={() => setConfirming(true)}
        >
          {T.withdraw}
        </Button>
      )}
      {full && (
        <Button
          size={size}
          variant="outlined"
          data-testid="proposal-pdf"
          onClick={() => void downloadProposalPdf(proposal)}
        >
          {T.pdf}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={T.withdrawTitle}
        text={T.withdrawText}
        confirmLabel={T.withdraw}
        destructive
        busy={withdraw.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          withdraw.mutate(proposal.id, {
            onSuccess: () => {
              setConfirming(false);
              enqueueSnackbar(T.withdrawn, { variant: 'success' });
            },
          })
        }
      />
    </Box>
  );
}
