import { ERROR_CODES, MSG, type ResetPasswordBody, resetPasswordBodySchema, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useResetPassword } from '../api.ts';

const FIELDS = ['new_password', 'confirm_password'] as const;
const LINK_CODES: readonly string[] = [ERROR_CODES.resetLinkInvalid, ERROR_CODES.resetLinkExpired];

type State = { kind: 'form' } | { kind: 'done' } | { kind: 'bad-link'; message: string };

/** Step 2: the link's token plus the new password; a used or expired link asks for a new one. */
export function ResetPasswordForm({ token, onAskNewLink }: { token: string; onAskNewLink: () => void }) {
  const reset = useResetPassword();
  const [state, setState] = useState<State>({ kind: 'form' });
  const { control, handleSubmit, setError, formState } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, new_password: '', confirm_password: '' },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      // A used or expired link is not a field error: the page says so instead of the form.
      if (isApiRequestError(error) && (LINK_CODES.includes(error.code) || error.fields.token)) {
        setState({ kind: 'bad-link', message: error.fields.token?.join(' ') || error.message });
        return;
      }
      throw error;
    }
    setState({ kind: 'done' });
  });

  // A malformed token never reaches the server: the schema's token rule says the link is not valid.
  const tokenError = formState.errors.token?.message;
  const badLink = state.kind === 'bad-link' ? state.message : tokenError;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="reset-title">
      <FormHeading
        id="reset-title"
        title={SETTINGS_TEXT.resetTitle}
        subtitle={state.kind === 'form' && !badLink && SETTINGS_TEXT.resetIntro}
      />
      {state.kind === 'done' ? (
        <>
          <Alert severity="success" role="status" data-testid="reset-done">
            {MSG.passwordResetDone}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" data-testid="go-to-login">
            {SETTINGS_TEXT.goToSignIn}
          </Button>
        </>
      ) : badLink ? (
        <>
          <Alert severity="error" role="alert" data-testid="reset-link-error">
            {badLink}
          </Alert>
          <Button variant="contained" size="large" onClick={onAskNewLink} data-testid="ask-new-link">
            {SETTINGS_TEXT.askNewLink}
          </Button>
        </>
      ) : (
        <>
          <FormRootError errors={formState.errors} />
          <NewPasswordFields control={control} autoFocus />
          <SubmitButton pending={reset.isPending} size="large">
            {SETTINGS_TEXT.resetButton}
          </SubmitButton>
        </>
      )}
      {state.kind !== 'done' && (
        <Link component={RouterLink} to="/login" variant="body2" data-testid="back-to-login">
          {SETTINGS_TEXT.backToSignIn}
        </Link>
      )}
    </Stack>
  );
}
