import { type LoginBody, WEB_TEXT } from '@cab/shared';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { FormPasswordField, FormTextField } from '../../../components/form/FormTextField.tsx';
import { signInEmailField } from '../../../components/form/fields.ts';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { loadAuthCalls, useLogin } from '../api.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * The form's checks are loginBodySchema's (zod), loaded with the sign-in call when the form is
 * first typed in (or submitted): the page's first load carries neither (decision 0064).
 */
const loadLoginResolver = () => import('../loginResolver.ts');
const resolver: Resolver<LoginBody> = async (values, context, options) =>
  (await loadLoginResolver()).loginResolver(values, context, options);

let warmed = false;
function warmSignIn(): void {
  if (warmed) return;
  warmed = true;
  void loadLoginResolver();
  void loadAuthCalls();
}

// The public access-request form loads only when a visitor opens it.
const AccessRequestDialog = lazy(() =>
  import('../../accounts/index.ts').then((m) => ({ default: m.AccessRequestDialog })),
);

export default function LoginPage() {
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const { control, handleSubmit, setError } = useForm<LoginBody>({
    resolver,
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
      <Stack
        component="form"
        noValidate
        onSubmit={onSubmit}
        onInput={warmSignIn}
        spacing={2.5}
        aria-labelledby="login-title"
      >
        <FormHeading id="login-title" title={WEB_TEXT.signInTitle} subtitle={WEB_TEXT.signInSubtitle} />
        {serverError && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {serverError}
          </Alert>
        )}
        {/* The two fields as FormFields lays them out, without its select, switch and grid code. */}
        <FormTextField
          control={control}
          name={signInEmailField.name}
          label={signInEmailField.label}
          type={signInEmailField.type}
          autoComplete={signInEmailField.autoComplete}
          autoFocus={signInEmailField.autoFocus}
          fullWidth={false}
        />
        <FormPasswordField
          control={control}
          name="password"
          label={WEB_TEXT.passwordLabel}
          autoComplete="current-password"
          fullWidth={false}
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
