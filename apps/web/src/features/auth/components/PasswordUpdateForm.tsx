import { MSG, type PasswordUpdateBody, passwordUpdateBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type FieldSpec, FormFields } from '../../../components/form/FormFields.tsx';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { usePasswordUpdate } from '../api.ts';

const FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
const EMPTY: PasswordUpdateBody = { old_password: '', new_password: '', confirm_password: '' };

const OLD_PASSWORD: FieldSpec<PasswordUpdateBody> = {
  name: 'old_password',
  label: WEB_TEXT.currentPasswordLabel,
  type: 'password',
  autoComplete: 'current-password',
};

/** PUT /api/accounts/password/update/: change a known password. */
export function PasswordUpdateForm() {
  const update = usePasswordUpdate();
  const { control, handleSubmit, setError, reset, formState } = useForm<PasswordUpdateBody>({
    resolver: zodResolver(passwordUpdateBodySchema),
    defaultValues: EMPTY,
  });

  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    FIELDS,
    async (values) => {
      await update.mutateAsync(values);
      reset(EMPTY);
      return MSG.passwordUpdated;
    },
    { pending: update.isPending },
  );

  return (
    <PageForm {...frame} submitLabel={WEB_TEXT.updatePasswordButton} sx={{ maxWidth: 480 }}>
      <FormFields control={control} fields={[OLD_PASSWORD]} />
      <NewPasswordFields control={control} />
    </PageForm>
  );
}
