import { forgetPasswordBodySchema, MSG, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { signInEmailField } from '../../../components/form/fields.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useForgetPassword } from '../api.ts';

const FIELDS = ['email'] as const;

/** Step 1 of a forgotten password: the e-mail to send the single-use link to. */
export function ForgotPasswordForm() {
  const forget = useForgetPassword();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver: zodResolver(forgetPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async ({ email }) => {
    await forget.mutateAsync(email);
    setSent(true);
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="forgot-title">
      <FormHeading id="forgot-title" title={SETTINGS_TEXT.forgotTitle} subtitle={!sent && SETTINGS_TEXT.forgotIntro} />
      {sent ? (
        // The same answer whether or not the e-mail has an account (no account discovery).
        <Alert severity="success" role="status" data-testid="reset-sent">
          {MSG.passwordResetSent}
        </Alert>
      ) : (
        <>
          <FormRootError errors={formState.errors} />
          <FormFields control={control} fields={[signInEmailField]} />
          <SubmitButton pending={forget.isPending} size="large">
            {SETTINGS_TEXT.sendResetLink}
          </SubmitButton>
        </>
      )}
      <Link component={RouterLink} to="/login" variant="body2" data-testid="back-to-login">
        {SETTINGS_TEXT.backToSignIn}
      </Link>
    </Stack>
  );
}
