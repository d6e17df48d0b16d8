import { ACCOUNTS_TEXT, type AccountUser, type BusinessUserPatch, businessUserPatchSchema, MSG } from '@cab/shared';

import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { useFormSubmit } from '../../../lib/forms.ts';
import { useUpdateBusinessUser } from '../api.ts';

const FIELDS = ['first_name', 'last_name', 'phone'] as const;
const resolver = zodResolver(
  businessUserPatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<BusinessUserPatch>;

/** PATCH business_user/{id}: a company user's names and phone. */
export function BusinessUserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const update = useUpdateBusinessUser();
  const { control, handleSubmit, setError, formState } = useForm<BusinessUserPatch>({
    resolver,
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone },
  });

  const onSubmit = useFormSubmit({ handleSubmit, setError }, FIELDS, async (values) => {
    await update.mutateAsync({ id: user.id, body: values });
    onClose();
    return MSG.userUpdated;
  });

  return (
    <FormDialog
      title={ACCOUNTS_TEXT.editUserTitle(user.full_name)}
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={ACCOUNTS_TEXT.save}
      testId="business-user-dialog"
      errors={formState.errors}
    >
      <FormFields
        control={control}
        fields={[
          { name: 'first_name', label: ACCOUNTS_TEXT.firstName, required: true, autoFocus: true },
          { name: 'last_name', label: ACCOUNTS_TEXT.lastName, required: true },
          { name: 'phone', label: ACCOUNTS_TEXT.phone },
        ]}
      />
    </FormDialog>
  );
}
