import {
  ACCOUNTS_TEXT,
  type AccountUser,
  MSG,
  ROLE_LABELS,
  type StaffBody,
  staffBodySchema,
  staffPatchSchema,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormSwitch } from '../../../components/form/FormSwitch.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useCreateStaff, useUpdateStaff } from '../api.ts';
import { personFields } from './personFields.ts';

const STAFF_ROLES = ['STAFF', 'ADMIN'] as const;

type Values = StaffBody & { is_active: boolean };
const FIELDS = ['email', 'first_name', 'last_name', 'phone', 'role', 'is_active'] as const;
const createResolver = zodResolver(staffBodySchema) as unknown as Resolver<Values>;
// The e-mail of an existing account is not edited here; the patch schema ignores it.
const editResolver = zodResolver(
  staffPatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<Values>;

/** POST staff (invites a staff or admin account) and PATCH staff/{id} (names, phone, role, active). */
export function StaffFormDialog({ user, onClose }: { user: AccountUser | null; onClose: () => void }) {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const form = useForm<Values>({
    resolver: user ? editResolver : createResolver,
    defaultValues: {
      email: user?.email ?? '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      phone: user?.phone ?? '',
      role: user?.role === 'ADMIN' ? 'ADMIN' : 'STAFF',
      is_active: user?.is_active ?? true,
    },
  });

  const dialog = useDialogSubmit(
    form,
    FIELDS,
    async (values) => {
      if (user) {
        const { email: _email, ...patch } = values;
        await update.mutateAsync({ id: user.id, body: patch });
      } else {
        const { is_active: _active, ...body } = values;
        await create.mutateAsync(body);
      }
      return user ? MSG.userUpdated : MSG.userCreated(values.email);
    },
    { onClose, pending: create.isPending || update.isPending },
  );

  return (
    <FormDialog
      {...dialog}
      title={user ? ACCOUNTS_TEXT.editUserTitle(user.full_name) : ACCOUNTS_TEXT.addStaffTitle}
      editing={Boolean(user)}
      testId="staff-dialog"
      fields={[
        {
          name: 'email',
          label: ACCOUNTS_TEXT.email,
          type: 'email',
          required: true,
          disabled: Boolean(user),
          autoFocus: !user,
        },
        ...personFields<Values>(),
        {
          name: 'role',
          label: ACCOUNTS_TEXT.role,
          type: 'select',
          required: true,
          options: STAFF_ROLES,
          labels: ROLE_LABELS,
        },
      ]}
    >
      {user && <FormSwitch control={form.control} name="is_active" label={ACCOUNTS_TEXT.active} />}
    </FormDialog>
  );
}
