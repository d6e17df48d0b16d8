import { type LoginBody, WEB_TEXT } from '@cab/shared';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormHeading } from '../../../components/FormHeading.tsx';
import { signInEmailField } from '../../../components/form/fields.ts';
import { OutlinedField } from '../../../components/form/OutlinedField.tsx';
import { isApiRequestError } from '../../../lib/api-error.ts';
import type { LoginErrors, LoginField } from '../loginCheck.ts';
import { loadAuthCalls, signIn } from '../session.ts';

const FIELDS = ['email', 'password'] as const;

// The public access-request form loads only when a visitor opens it (with the query client).
const AccessRequestDialog = lazy(() => import('../components/GuestAccessRequest.tsx'));

/**
 * The form's checks (loginBodySchema, zod) and the sign-in call load when the form is first typed
 * in or sent: the page's first load carries neither, nor the form library (decision 0064). The
 * form behaves as the app's react-hook-form forms do: checked when sent, then each field again
 * as it changes; the first field in error takes the focus.
 */
const loadLoginCheck = () => import('../loginCheck.ts');

/**
 * The alert with the server's message (wrong password, rate limit, no connection) shows only
 * after a sign-in was sent: it loads with the form's checks, not with the page (decision 0066).
 */
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);

let warmed = false;
function warmSignIn(): void {
  if (warmed) return;
  warmed = true;
  void loadLoginCheck();
  void loadAuthCalls();
  void loadAlert();
}

export default function LoginPage() {
  // Signing in: the button waits, as it did for the sign-in mutation.
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const current = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const onChange = (name: LoginField) => async (event: ChangeEvent<HTMLInputElement>) => {
    current.current = { ...current.current, [name]: event.target.value };
    setValues(current.current);
    if (!submitted.current) return;
    const verdict = (await loadLoginCheck()).checkLogin(current.current);
    setErrors((prev) => ({ ...prev, [name]: verdict.ok ? undefined : verdict.errors[name] }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    warmSignIn();
    submitted.current = true;
    const verdict = (await loadLoginCheck()).checkLogin(current.current);
    if (!verdict.ok) {
      setErrors(verdict.errors);
      const first = FIELDS.find((name) => verdict.errors[name]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setPending(true);
    try {
      // Signed in: the route guard sends the user on (to the page first asked for).
      await signIn(verdict.values);
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      const onFields: LoginErrors = {};
      for (const name of FIELDS) {
        const messages = error.fields[name];
        if (messages?.length) onFields[name] = messages.join(' ');
      }
      // Wrong credentials (400 invalid_credentials), rate limit (429) and anything else: the server's message.
      if (Object.keys(onFields).length) setErrors((prev) => ({ ...prev, ...onFields }));
      else setServerError(error.message);
    } finally {
      setPending(false);
    }
  };

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
          <Suspense fallback={null}>
            <Alert severity="error" role="alert" data-testid="login-error">
              {serverError}
            </Alert>
          </Suspense>
        )}
        <OutlinedField
          name={signInEmailField.name}
          label={signInEmailField.label}
          type={signInEmailField.type}
          autoComplete={signInEmailField.autoComplete}
          autoFocus={signInEmailField.autoFocus}
          value={values.email}
          onChange={onChange('email')}
          inputRef={(el) => {
            inputs.current.email = el;
          }}
          error={errors.email}
        />
        <OutlinedField
          name="password"
          label={WEB_TEXT.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={onChange('password')}
          inputRef={(el) => {
            inputs.current.password = el;
          }}
          error={errors.password}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <LoginOutlined />}
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
