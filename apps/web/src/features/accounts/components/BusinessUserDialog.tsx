import {
  ACCOUNTS_TEXT,
  type AccountUser,
  type BusinessUserPatch,
  businessUserPatchSchema,
  MSG,
  NOTIFY_MS,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useUpdateBusinessUser } from '../api.ts';
import { FormDialog } from './FormDialog.tsx';

const FIELDS = ['first_name', 'last_name', 'phone'] as const;
const resolver = zodResolver(
  businessUserPatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<BusinessUserPatch>;

/** PATCH business_user/{id}: a company user's names and phone. */
export function BusinessUserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const update = useUpdateBusinessUser();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm<BusinessUserPatch>({
    resolver,
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, body: values });
      enqueueSnackbar(MSG.userUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <FormDialog
      title={ACCOUNTS_TEXT.editUserTitle(user.full_name)}
      busy={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="business-user-dialog"
    >
      <FormRootError errors={formState.errors} />
      <FormTextField control={control} name="first_name" label={ACCOUNTS_TEXT.firstName} required autoFocus />
      <FormTextField control={control} name="last_name" label={ACCOUNTS_TEXT.lastName} required />
      <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} />
    </FormDialog>
  );
}
