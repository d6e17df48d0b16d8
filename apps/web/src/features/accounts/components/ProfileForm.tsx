import { ACCOUNTS_TEXT, MSG, type Profile, profilePatchSchema, ROLE_GROUPS, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { type Resolver, useForm } from 'react-hook-form';
import { type FieldSpec, FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { useUpdateProfile } from '../api.ts';
import { TaxExemptField } from './TaxExemptField.tsx';

type Values = Pick<Profile, 'first_name' | 'last_name' | 'phone' | 'email' | 'tax_exempt'>;
const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'tax_exempt'] as const;
const valuesOf = (p: Profile): Values => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone: p.phone,
  email: p.email,
  tax_exempt: p.tax_exempt,
});
const NAME_FIELDS: FieldSpec<Values>[] = [
  { name: 'first_name', label: ACCOUNTS_TEXT.firstName, autoComplete: 'given-name', required: true, size: 'half' },
  { name: 'last_name', label: ACCOUNTS_TEXT.lastName, autoComplete: 'family-name', required: true, size: 'half' },
];
const resolver = zodResolver(
  profilePatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<Values>;

/**
 * PATCH customers/{id}/profile, for one's own profile (/settings/profile) and for an admin or
 * manager editing a user. Only an admin changes e-mail and tax exempt (the server checks too):
 * others see them read-only and never send them.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const adminFields = useInRoleGroup(ROLE_GROUPS.admin);
  const update = useUpdateProfile();
  const { control, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver,
    defaultValues: valuesOf(profile),
  });

  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    FIELDS,
    async ({ email, tax_exempt, ...person }) => {
      const body = adminFields ? { ...person, email, tax_exempt } : person;
      reset(valuesOf(await update.mutateAsync({ id: profile.id, body })));
      return MSG.profileUpdated;
    },
    { pending: update.isPending },
  );

  const readOnlyEmail = (
    <TextField
      label={ACCOUNTS_TEXT.email}
      value={profile.email}
      helperText={SETTINGS_TEXT.emailReadOnlyHint}
      slotProps={{ input: { readOnly: true } }}
      fullWidth
      data-testid="profile-email"
    />
  );

  return (
    <PageForm {...frame} submitLabel={ACCOUNTS_TEXT.save} submitTestId="profile-save" spacing={2} testId="profile-form">
      <Grid container spacing={2}>
        <FormFields
          control={control}
          fields={[
            ...NAME_FIELDS,
            adminFields
              ? { name: 'email', label: ACCOUNTS_TEXT.email, type: 'email', size: 'half' }
              : { name: 'email', size: 'half', element: readOnlyEmail },
            { name: 'phone', label: ACCOUNTS_TEXT.phone, type: 'tel', size: 'half' },
          ]}
        />
      </Grid>

      <TaxExemptField
        control={control}
        name="tax_exempt"
        editable={adminFields}
        value={profile.tax_exempt}
        switchTestId="tax-exempt"
        readOnlyTestId="profile-tax-exempt"
      />
    </PageForm>
  );
}
