import { MSG, type PasswordChangeBody, passwordChangeBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { usePasswordChange } from '../api.ts';

const FIELDS = ['new_password', 'confirm_password'] as const;

/** PATCH /api/accounts/password/change/: the forced change when require_password_reset is set. */
export function PasswordChangeForm() {
  const change = usePasswordChange();
  const navigate = useNavigate();
  const { control, handleSubmit, setError, formState } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await change.mutateAsync(values);
    navigate('/', { replace: true });
    return MSG.passwordUpdated;
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ maxWidth: 480 }}>
      <FormRootError errors={formState.errors} />
      <NewPasswordFields control={control} autoFocus />
      <div>
        <SubmitButton pending={change.isPending}>{WEB_TEXT.setPasswordButton}</SubmitButton>
      </div>
    </Stack>
  );
}
