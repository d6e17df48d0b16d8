import { MSG, type PasswordUpdateBody, passwordUpdateBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { usePasswordUpdate } from '../api.ts';

const FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
const EMPTY: PasswordUpdateBody = { old_password: '', new_password: '', confirm_password: '' };

/** PUT /api/accounts/password/update/: change a known password. */
export function PasswordUpdateForm() {
  const update = usePasswordUpdate();
  const { control, handleSubmit, setError, reset, formState } = useForm<PasswordUpdateBody>({
    resolver: zodResolver(passwordUpdateBodySchema),
    defaultValues: EMPTY,
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await update.mutateAsync(values);
    reset(EMPTY);
    return MSG.passwordUpdated;
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} sx={{ maxWidth: 480 }}>
      <FormRootError errors={formState.errors} />
      <FormFields
        control={control}
        fields={[
          {
            name: 'old_password',
            label: WEB_TEXT.currentPasswordLabel,
            type: 'password',
            autoComplete: 'current-password',
          },
        ]}
      />
      <NewPasswordFields control={control} />
      <div>
        <SubmitButton pending={update.isPending}>{WEB_TEXT.updatePasswordButton}</SubmitButton>
      </div>
    </Stack>
  );
}
