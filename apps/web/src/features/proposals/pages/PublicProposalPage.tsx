import {
  PROPOSAL_TEXT,
  type PublicProposal,
  proposalAcceptSchema,
  proposalDeclineSchema,
  proposalsApi,
  PROPOSALS_WEB_TEXT as T,
  WEB_TEXT,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/FullPageLoader.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormCheckbox } from '../../../components/form/FormSwitch.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { TextDialog } from '../../../components/form/TextDialog.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useFormSubmit } from '../../../lib/forms.ts';
import { usePublicAnswer, usePublicProposal } from '../api.ts';
import { ProposalLines } from '../components/ProposalLines.tsx';

const pdfUrl = (token: string) => proposalsApi.publicPdf.path.replace(':token', encodeURIComponent(token));

/** The dealer's letterhead: logo, name, address, phone, licence. */
function Dealer({ dealer }: { dealer: PublicProposal['dealer'] }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="public-dealer">
      {dealer.logo_url && (
        <Box
          component="img"
          src={dealer.logo_url}
          alt={dealer.display_name}
          sx={{ maxHeight: 72, maxWidth: 200, objectFit: 'contain' }}
          data-testid="public-logo"
        />
      )}
      <Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {dealer.display_name}
        </Typography>
        {[dealer.address, dealer.phone, dealer.licence_number && T.licenceNo(dealer.licence_number)]
          .filter(Boolean)
          .map((line) => (
            <Typography key={String(line)} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
      </Box>
    </Box>
  );
}

/** Accept: the typed full name and a tick of the terms (proposalAcceptSchema); Decline asks a note. */
function Answer({ token }: { token: string }) {
  const { accept, decline } = usePublicAnswer(token);
  const [declining, setDeclining] = useState(false);
  const form = useForm({
    resolver: zodResolver(proposalAcceptSchema),
    defaultValues: { name: '', accept_terms: false as unknown as true },
  });
  const onSubmit = useFormSubmit(form, ['name', 'accept_terms'], (values) => accept.mutateAsync(values.name));
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }} data-testid="public-answer">
      <Typography variant="body2">{T.acceptHint}</Typography>
      <FormRootError errors={form.formState.errors} />
      <FormTextField
        control={form.control}
        name="name"
        label={T.yourName}
        required
        autoComplete="name"
        data-testid="public-name"
      />
      <FormCheckbox control={form.control} name="accept_terms" label={T.acceptTerms} testId="public-accept-terms" />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <SubmitButton type="submit" variant="contained" pending={accept.isPending} data-testid="public-accept">
          {T.accept}
        </SubmitButton>
        <Button variant="outlined" color="error" onClick={() => setDeclining(true)} data-testid="public-decline">
          {T.decline}
        </Button>
      </Box>
      {declining && (
        <TextDialog
          title={T.declineTitle}
          submitLabel={T.decline}
          field={proposalDeclineSchema.unwrap().shape.note}
          label={T.declineNote}
          minRows={3}
          mutation={decline}
          onClose={() => setDeclining(false)}
          testId="public-decline-dialog"
          fieldTestId="public-decline-note"
        />
      )}
    </Box>
  );
}

function Paper({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  return (
    <Card data-testid="public-proposal" data-status={p.status}>
      <CardContent sx={{ display: 'grid', gap: 3, p: { xs: 2, sm: 4 } }}>
        <Dealer dealer={p.dealer} />
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="h4" component="h1">
              {PROPOSAL_TEXT.pdf.title(p.number)}
            </Typography>
            <Typography variant="body1" data-testid="public-client">
              {T.proposalFor(p.client.name)}
            </Typography>
            {p.client.address && <Typography variant="body2">{p.client.address}</Typography>}
          </Box>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            {p.date && (
              <Typography variant="body2">
                {PROPOSAL_TEXT.pdf.date}: {formatDay(p.date)}
              </Typography>
            )}
            <Typography variant="body2" data-testid="public-valid-until">
              {T.validThrough(formatDay(p.valid_until))}
            </Typography>
            <Link href={pdfUrl(token)} target="_blank" rel="noopener" data-testid="public-pdf">
              {T.pdf}
            </Link>
          </Box>
        </Box>
        <Alert
          severity={p.status === 'ACCEPTED' ? 'success' : p.can_respond ? 'info' : 'warning'}
          data-testid="public-state"
          data-status={p.status}
        >
          {p.accepted ? T.acceptedDone(p.accepted.name, formatDateTime(p.accepted.at)) : p.status_message}
        </Alert>
        <ProposalLines proposal={p} />
        {p.notes && (
          <Box>
            <Typography variant="h6" component="h2">
              {PROPOSAL_TEXT.pdf.notes}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {p.notes}
            </Typography>
          </Box>
        )}
        {p.terms && (
          <Box>
            <Typography variant="h6" component="h2">
              {PROPOSAL_TEXT.pdf.terms}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="public-terms">
              {p.terms}
            </Typography>
          </Box>
        )}
        {p.can_respond && <Answer token={token} />}
      </CardContent>
    </Card>
  );
}

/**
 * /p/{token}: the homeowner's page (issue 37), no account and no shell: the dealer's letterhead,
 * the proposal at the dealer's prices (the answer carries no cost), and Accept / Decline while it
 * may be answered; otherwise what became of it (expired, withdrawn, accepted, declined).
 */
export default function PublicProposalPage() {
  const token = useParams().token ?? '';
  const query = usePublicProposal(token);
  return (
    <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', p: { xs: 1, sm: 3 } }}>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert severity="error" data-testid="public-not-found">
          <Typography component="h1" variant="body1">
            {T.notFound}
          </Typography>
        </Alert>
      ) : (
        <Paper token={token} proposal={query.data} />
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2, textAlign: 'center' }}>
        {WEB_TEXT.copyright(new Date().getFullYear())}
      </Typography>
    </Box>
  );
}
