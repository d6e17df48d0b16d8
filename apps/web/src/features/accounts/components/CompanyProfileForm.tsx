import {
  ACCOUNTS_TEXT,
  type CompanyProfile,
  type CompanyProfilePatch,
  companyProfilePatchSchema,
  MSG,
  NOTIFY_MS,
} from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useSnackbar } from 'notistack';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useUpdateCompanyProfile } from '../api.ts';

type Values = Required<CompanyProfilePatch>;
const FIELDS = ['name', 'email', 'phone', 'website', 'tax_exempt', 'notes'] as const;
const resolver = zodResolver(companyProfilePatchSchema.required({ name: true })) as unknown as Resolver<Values>;

/** PATCH companies/{id}/profile. Tax exempt and notes are for admins only (the server checks too). */
export function CompanyProfileForm({ profile, isAdmin }: { profile: CompanyProfile; isAdmin: boolean }) {
  const update = useUpdateCompanyProfile();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      website: profile.website,
      tax_exempt: profile.tax_exempt,
      notes: profile.notes,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const { tax_exempt, notes, ...rest } = values;
    try {
      await update.mutateAsync({ id: profile.id, body: isAdmin ? { ...rest, tax_exempt, notes } : rest });
      enqueueSnackbar(MSG.profileUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid="company-profile-form">
      <FormRootError errors={formState.errors} />
      <Grid container spacing={2}>
        <Grid size={half}>
          <FormTextField control={control} name="name" label={ACCOUNTS_TEXT.companyName} required fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="email" label={ACCOUNTS_TEXT.email} type="email" fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} fullWidth />
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="website" label={ACCOUNTS_TEXT.website} fullWidth />
        </Grid>
        {isAdmin && (
          <Grid size={12}>
            <FormTextField control={control} name="notes" label={ACCOUNTS_TEXT.notes} multiline minRows={3} fullWidth />
          </Grid>
        )}
      </Grid>
      {isAdmin && (
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
      )}
      <div>
        <SubmitButton pending={update.isPending}>{ACCOUNTS_TEXT.save}</SubmitButton>
      </div>
    </Stack>
  );
}
