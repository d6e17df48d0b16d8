import { ACCOUNTS_TEXT, type AccountUser, type BusinessUserPatch, businessUserPatchSchema, MSG } from '@cab/shared';

import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useUpdateBusinessUser } from '../api.ts';
import { personFields } from './personFields.ts';

const FIELDS = ['first_name', 'last_name', 'phone'] as const;
const resolver = zodResolver(
  businessUserPatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<BusinessUserPatch>;

/** PATCH business_user/{id}: a company user's names and phone. */
export function BusinessUserDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const update = useUpdateBusinessUser();
  const form = useForm<BusinessUserPatch>({
    resolver,
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone },
  });

  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      await update.mutateAsync({ id: user.id, body: values });
      return MSG.userUpdated;
    },
    { onClose, pending: update.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      title={ACCOUNTS_TEXT.editUserTitle(user.full_name)}
      submitLabel={ACCOUNTS_TEXT.save}
      testId="business-user-dialog"
      fields={personFields<BusinessUserPatch>({ autoFocus: true })}
    />
  );
}
