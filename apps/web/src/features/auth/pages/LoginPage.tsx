import { type LoginBody, loginBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { signInEmailField } from '../../../components/form/fields.ts';
import { isApiRequestError } from '../../../lib/api.ts';
import { useLogin } from '../api.ts';

const FIELDS = ['email', 'password'] as const;

// The public access-request form loads only when a visitor opens it.
const AccessRequestDialog = lazy(() =>
  import('../../accounts/index.ts').then((m) => ({ default: m.AccessRequestDialog })),
);

export default function LoginPage() {
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const { control, handleSubmit, setError } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      // Signed in: the route guard sends the user on (to the page first asked for).
      await login.mutateAsync(values);
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      let onField = false;
      for (const name of FIELDS) {
        const messages = error.fields[name];
        if (messages?.length) {
          setError(name, { type: 'server', message: messages.join(' ') });
          onField = true;
        }
      }
      // Wrong credentials (400 invalid_credentials), rate limit (429) and anything else: the server's message.
      if (!onField) setServerError(error.message);
    }
  });

  // The dialog stays outside the login form: React events bubble through portals.
  return (
    <>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="login-title">
        <FormHeading id="login-title" title={WEB_TEXT.signInTitle} subtitle={WEB_TEXT.signInSubtitle} />
        {serverError && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {serverError}
          </Alert>
        )}
        <FormFields
          control={control}
          fields={[
            signInEmailField,
            { name: 'password', label: WEB_TEXT.passwordLabel, type: 'password', autoComplete: 'current-password' },
          ]}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : <LoginOutlined />}
        >
          {WEB_TEXT.signInButton}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/reset-password" variant="body2" data-testid="forgot-password-link">
            {WEB_TEXT.forgotPassword}
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setRequesting(true)}
            data-testid="request-access-link"
          >
            {WEB_TEXT.requestAccess}
          </Link>
        </Stack>
      </Stack>
      {requesting && (
        <Suspense fallback={null}>
          <AccessRequestDialog onClose={() => setRequesting(false)} />
        </Suspense>
      )}
    </>
  );
}
