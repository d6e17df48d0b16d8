import { ACCOUNTS_TEXT, type CompanyProfile, companyProfilePatchSchema, NOTIFY_MS, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useUpdateCompanyProfile } from '../api.ts';

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
const half = { xs: 12, sm: 6 } as const;

/**
 * PATCH companies/{id}/profile: a company's managers edit its contact details; only an admin
 * changes tax exempt and notes (the server checks too). Without `editable` (an employee) the
 * details are shown read-only.
 */
export function CompanyProfileForm({
  profile,
  isAdmin,
  editable = true,
}: {
  profile: CompanyProfile;
  isAdmin: boolean;
  editable?: boolean;
}) {
  const update = useUpdateCompanyProfile();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver,
    defaultValues: valuesOf(profile),
  });

  const onSubmit = handleSubmit(async ({ tax_exempt, notes, ...contact }) => {
    try {
      const body = isAdmin ? { ...contact, tax_exempt, notes } : contact;
      reset(valuesOf(await update.mutateAsync({ id: profile.id, body })));
      enqueueSnackbar(SETTINGS_TEXT.companyUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const taxExemptReadOnly = (
    <TextField
      label={ACCOUNTS_TEXT.taxExempt}
      value={profile.tax_exempt ? SETTINGS_TEXT.taxExemptYes : SETTINGS_TEXT.taxExemptNo}
      slotProps={{ input: { readOnly: true } }}
      data-testid="company-tax-exempt"
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
        {taxExemptReadOnly}
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid="company-profile-form">
      <FormRootError errors={formState.errors} />
      <Grid container spacing={2}>
        <Grid size={half}>
          <FormTextField
            control={control}
            name="name"
            label={LABELS.name}
            autoComplete="organization"
            required
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="email" label={LABELS.email} type="email" fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="phone" label={LABELS.phone} type="tel" fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="website" label={LABELS.website} fullWidth />
        </Grid>
        {isAdmin && (
          <Grid size={12}>
            <FormTextField control={control} name="notes" label={ACCOUNTS_TEXT.notes} multiline minRows={3} fullWidth />
          </Grid>
        )}
      </Grid>
      {isAdmin ? (
        <Controller
          control={control}
          name="tax_exempt"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={ACCOUNTS_TEXT.taxExempt}
            />
          )}
        />
      ) : (
        taxExemptReadOnly
      )}
      <div>
        <SubmitButton pending={update.isPending} data-testid="company-save">
          {ACCOUNTS_TEXT.save}
        </SubmitButton>
      </div>
    </Stack>
  );
}
