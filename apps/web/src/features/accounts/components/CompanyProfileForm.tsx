import {
  ACCOUNTS_TEXT,
  accountsApi,
  type CompanyProfile,
  companyProfilePatchSchema,
  ROLE_GROUPS,
  SETTINGS_TEXT,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Resolver, useForm } from 'react-hook-form';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { PageForm } from '../../../components/form/PageForm.tsx';
import { useFrameSubmit } from '../../../lib/forms.ts';
import { useCan, useInRoleGroup } from '../../auth/index.ts';
import { useUpdateCompanyProfile } from '../api.ts';
import { TaxExemptField } from './TaxExemptField.tsx';

type Values = Omit<CompanyProfile, 'id'>;
const CONTACT = ['name', 'email', 'phone', 'website'] as const;
const FIELDS = [...CONTACT, 'tax_exempt', 'notes'] as const;
const LABELS: Record<(typeof CONTACT)[number], string> = {
  name: SETTINGS_TEXT.companyName,
  email: SETTINGS_TEXT.companyEmail,
  phone: SETTINGS_TEXT.companyPhone,
  website: SETTINGS_TEXT.website,
};
const valuesOf = ({ id: _id, ...values }: CompanyProfile): Values => values;
const resolver = zodResolver(companyProfilePatchSchema.required({ name: true })) as unknown as Resolver<Values>;

/**
 * PATCH companies/{id}/profile: a company's managers edit its contact details; only an admin
 * changes tax exempt and notes (the server checks too). A user who may not change it (an
 * employee) sees the details read-only.
 */
export function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const adminFields = useInRoleGroup(ROLE_GROUPS.admin);
  const editable = useCan(accountsApi.updateCompanyProfile);
  const update = useUpdateCompanyProfile();
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver,
    defaultValues: valuesOf(profile),
  });

  const frame = useFrameSubmit(
    { handleSubmit, setError, formState },
    FIELDS,
    async ({ tax_exempt, notes, ...contact }) => {
      const body = adminFields ? { ...contact, tax_exempt, notes } : contact;
      reset(valuesOf(await update.mutateAsync({ id: profile.id, body })));
      return SETTINGS_TEXT.companyUpdated;
    },
    { pending: update.isPending },
  );

  const taxExempt = (canChange: boolean) => (
    <TaxExemptField
      control={control}
      name="tax_exempt"
      editable={canChange}
      value={profile.tax_exempt}
      readOnlyTestId="company-tax-exempt"
    />
  );

  if (!editable) {
    return (
      <Stack spacing={2.5} sx={{ maxWidth: 520 }} data-testid="company-profile-readonly">
        <Alert severity="info">{SETTINGS_TEXT.companyReadOnlyHint}</Alert>
        {CONTACT.map((name) => (
          <TextField
            key={name}
            label={LABELS[name]}
            value={profile[name]}
            slotProps={{ input: { readOnly: true } }}
            data-testid={`company-${name}`}
          />
        ))}
        {taxExempt(false)}
      </Stack>
    );
  }

  return (
    <PageForm
      {...frame}
      submitLabel={ACCOUNTS_TEXT.save}
      submitTestId="company-save"
      spacing={2}
      testId="company-profile-form"
    >
      <Grid container spacing={2}>
        <FormFields
          control={control}
          fields={[
            { name: 'name', label: LABELS.name, autoComplete: 'organization', required: true, size: 'half' },
            { name: 'email', label: LABELS.email, type: 'email', size: 'half' },
            { name: 'phone', label: LABELS.phone, type: 'tel', size: 'half' },
            { name: 'website', label: LABELS.website, size: 'half' },
            adminFields && { name: 'notes', label: ACCOUNTS_TEXT.notes, type: 'multiline', minRows: 3, size: 'full' },
          ]}
        />
      </Grid>
      {taxExempt(adminFields)}
    </PageForm>
  );
}
