import { MSG, NOTIFY_MS, type PasswordChangeBody, passwordChangeBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormPasswordField } from '../../../components/form/FormTextField.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { usePasswordChange } from '../api.ts';

const FIELDS = ['new_password', 'confirm_password'] as const;

/** PATCH /api/accounts/password/change/: the forced change when require_password_reset is set. */
export function PasswordChangeForm() {
  const change = usePasswordChange();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      enqueueSnackbar(MSG.passwordUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      navigate('/', { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ maxWidth: 480 }}>
      <FormRootError errors={formState.errors} />
      <FormPasswordField
        control={control}
        name="new_password"
        label={WEB_TEXT.newPasswordLabel}
        autoComplete="new-password"
        helperText={WEB_TEXT.passwordHint}
        autoFocus
      />
      <FormPasswordField
        control={control}
        name="confirm_password"
        label={WEB_TEXT.confirmPasswordLabel}
        autoComplete="new-password"
      />
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending}
          startIcon={change.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {WEB_TEXT.setPasswordButton}
        </Button>
      </div>
    </Stack>
  );
}
