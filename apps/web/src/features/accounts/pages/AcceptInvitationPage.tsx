import {
  ACCOUNTS_TEXT,
  type AcceptInvitationBody,
  acceptInvitationBodySchema,
  accountsApi,
  MSG,
  ROLE_LABELS,
  uuidParamsSchema,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { call, isApiRequestError } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/forms.ts';
import { setToken } from '../../../lib/token.ts';
import { authKeys, fetchMe } from '../../auth/index.ts';

const FIELDS = ['new_password', 'confirm_password'] as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 80 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`invitation-${label.toLowerCase()}`}>
        {value}
      </Typography>
    </Box>
  );
}

/** The server's answer for an unknown, used or expired link, with the way to sign in; no form. */
function LinkProblem({ message }: { message: string }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1">
        {ACCOUNTS_TEXT.invitationTitle}
      </Typography>
      <Alert severity="warning" role="alert" data-testid="invitation-error">
        {message}
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" data-testid="go-to-login">
        {ACCOUNTS_TEXT.goToSignIn}
      </Button>
    </Stack>
  );
}

/**
 * /invitation/{invite_uuid}/accept (guest route, exempt from the reset guard): who is invited,
 * then a new password; accepting answers a token, kept exactly like a sign-in, and opens '/'.
 */
export default function AcceptInvitationPage() {
  const uuid = useParams().invite_uuid ?? '';
  // A malformed link is as invalid as an unknown one: checked with the server's own schema, so
  // it never becomes a "Some fields are not valid." answer about a field the person cannot see.
  const wellFormed = uuidParamsSchema.safeParse({ uuid }).success;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The page shows the server's message itself: no popup, no redirect to /404.
  const info = useQuery({
    queryKey: ['accounts', 'invitation', uuid],
    queryFn: ({ signal }) => call(accountsApi.invitation, { params: { uuid }, skipCommonHandling: true, signal }),
    staleTime: 0,
    enabled: wellFormed,
  });
  const accept = useMutation({
    mutationFn: async (body: AcceptInvitationBody) => {
      const { token } = await call(accountsApi.acceptInvitation, {
        params: { uuid },
        body,
        form: true,
        skipCommonHandling: true,
      });
      queryClient.clear();
      setToken(token);
      return queryClient.fetchQuery({ queryKey: authKeys.me(), queryFn: fetchMe });
    },
  });
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(acceptInvitationBodySchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await accept.mutateAsync(values);
    navigate('/', { replace: true });
    return MSG.invitationAccepted;
  });

  if (!wellFormed) return <LinkProblem message={MSG.invitationInvalid} />;
  if (info.isPending) return <Skeleton variant="rounded" height={220} />;
  if (info.isError) {
    const message = isApiRequestError(info.error) ? info.error.message : MSG.invitationInvalid;
    return <LinkProblem message={message} />;
  }
  const invitation = info.data;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="invitation-title">
      <FormHeading
        id="invitation-title"
        title={ACCOUNTS_TEXT.invitationTitle}
        subtitle={ACCOUNTS_TEXT.invitationSetPassword}
      />
      <Stack spacing={0.5} data-testid="invitation-info">
        <Row label={ACCOUNTS_TEXT.name} value={`${invitation.first_name} ${invitation.last_name}`} />
        <Row label={ACCOUNTS_TEXT.invitationEmail} value={invitation.email} />
        {invitation.role && <Row label={ACCOUNTS_TEXT.invitationRole} value={ROLE_LABELS[invitation.role]} />}
        {invitation.company_name && <Row label={ACCOUNTS_TEXT.invitationCompany} value={invitation.company_name} />}
      </Stack>
      <FormRootError errors={formState.errors} />
      <NewPasswordFields control={control} autoFocus />
      <SubmitButton pending={accept.isPending} size="large">
        {ACCOUNTS_TEXT.acceptInvitationButton}
      </SubmitButton>
    </Stack>
  );
}
