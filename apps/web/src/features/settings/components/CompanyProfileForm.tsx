import { type CompanyProfile, companyProfilePatchSchema, NOTIFY_MS, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useUpdateCompanyProfile } from '../api.ts';

interface Values {
  name: string;
  email: string;
  phone: string;
  website: string;
}
const FIELDS = ['name', 'email', 'phone', 'website'] as const;
const valuesOf = (c: CompanyProfile): Values => ({ name: c.name, email: c.email, phone: c.phone, website: c.website });

const LABELS: Record<keyof Values, string> = {
  name: SETTINGS_TEXT.companyName,
  email: SETTINGS_TEXT.companyEmail,
  phone: SETTINGS_TEXT.companyPhone,
  website: SETTINGS_TEXT.website,
};

/** The company's contact details: a manager edits them, an employee only reads them. */
export function CompanyProfileForm({ company, editable }: { company: CompanyProfile; editable: boolean }) {
  const update = useUpdateCompanyProfile(company.id);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(companyProfilePatchSchema) as unknown as Resolver<Values>, // a patch schema: every key optional
    defaultValues: valuesOf(company),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(valuesOf(await update.mutateAsync(values)));
      enqueueSnackbar(SETTINGS_TEXT.companyUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const taxExempt = (
    <TextField
      label={SETTINGS_TEXT.taxExempt}
      value={company.tax_exempt ? SETTINGS_TEXT.taxExemptYes : SETTINGS_TEXT.taxExemptNo}
      slotProps={{ input: { readOnly: true } }}
      data-testid="company-tax-exempt"
    />
  );

  if (!editable) {
    return (
      <Stack spacing={2.5} sx={{ maxWidth: 520 }} data-testid="company-profile-readonly">
        <Alert severity="info">{SETTINGS_TEXT.companyReadOnlyHint}</Alert>
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={LABELS[name]}
            value={company[name]}
            slotProps={{ input: { readOnly: true } }}
            data-testid={`company-${name}`}
          />
        ))}
        {taxExempt}
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      sx={{ maxWidth: 520 }}
      data-testid="company-profile-form"
    >
      <FormRootError errors={formState.errors} />
      <FormTextField control={control} name="name" label={LABELS.name} autoComplete="organization" />
      <FormTextField control={control} name="email" label={LABELS.email} type="email" />
      <FormTextField control={control} name="phone" label={LABELS.phone} type="tel" />
      <FormTextField control={control} name="website" label={LABELS.website} />
      {taxExempt}
      <div>
        <SubmitButton pending={update.isPending} data-testid="company-save">
          {SETTINGS_TEXT.save}
        </SubmitButton>
      </div>
    </Stack>
  );
}
