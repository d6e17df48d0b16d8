import { MSG, type PasswordChangeBody, passwordChangeBodySchema, WEB_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
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

  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    FIELDS,
    async (values) => {
      await change.mutateAsync(values);
      navigate('/', { replace: true });
      return MSG.passwordUpdated;
    },
    { pending: change.isPending },
  );

  return (
    <PageForm {...frame} submitLabel={WEB_TEXT.setPasswordButton} sx={{ maxWidth: 480 }}>
      <NewPasswordFields control={control} autoFocus />
    </PageForm>
  );
}
