import { ACCOUNTS_TEXT, MSG, NOTIFY_MS, type Profile, profilePatchSchema, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { useUpdateProfile } from '../api.ts';

type Values = Pick<Profile, 'first_name' | 'last_name' | 'phone' | 'email' | 'tax_exempt'>;
const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'tax_exempt'] as const;
const valuesOf = (p: Profile): Values => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone: p.phone,
  email: p.email,
  tax_exempt: p.tax_exempt,
});
const resolver = zodResolver(
  profilePatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<Values>;
const half = { xs: 12, sm: 6 } as const;

/**
 * PATCH customers/{id}/profile, for one's own profile (/settings/profile) and for an admin or
 * manager editing a user. Only an admin changes e-mail and tax exempt (the server checks too):
 * others see them read-only and never send them.
 */
export function ProfileForm({ profile, isAdmin }: { profile: Profile; isAdmin: boolean }) {
  const update = useUpdateProfile();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver,
    defaultValues: valuesOf(profile),
  });

  const onSubmit = handleSubmit(async ({ email, tax_exempt, ...person }) => {
    try {
      const body = isAdmin ? { ...person, email, tax_exempt } : person;
      reset(valuesOf(await update.mutateAsync({ id: profile.id, body })));
      enqueueSnackbar(MSG.profileUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid="profile-form">
      <FormRootError errors={formState.errors} />
      <Grid container spacing={2}>
        <Grid size={half}>
          <FormTextField
            control={control}
            name="first_name"
            label={ACCOUNTS_TEXT.firstName}
            autoComplete="given-name"
            required
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          <FormTextField
            control={control}
            name="last_name"
            label={ACCOUNTS_TEXT.lastName}
            autoComplete="family-name"
            required
            fullWidth
          />
        </Grid>
        <Grid size={half}>
          {isAdmin ? (
            <FormTextField control={control} name="email" label={ACCOUNTS_TEXT.email} type="email" fullWidth />
          ) : (
            <TextField
              label={ACCOUNTS_TEXT.email}
              value={profile.email}
              helperText={SETTINGS_TEXT.emailReadOnlyHint}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
              data-testid="profile-email"
            />
          )}
        </Grid>
        <Grid size={half}>
          <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} type="tel" fullWidth />
        </Grid>
      </Grid>
      {isAdmin ? (
        <Controller
          control={control}
          name="tax_exempt"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  data-testid="tax-exempt"
                />
              }
              label={ACCOUNTS_TEXT.taxExempt}
            />
          )}
        />
      ) : (
        <TextField
          label={ACCOUNTS_TEXT.taxExempt}
          value={profile.tax_exempt ? SETTINGS_TEXT.taxExemptYes : SETTINGS_TEXT.taxExemptNo}
          slotProps={{ input: { readOnly: true } }}
          data-testid="profile-tax-exempt"
        />
      )}
      <div>
        <SubmitButton pending={update.isPending} data-testid="profile-save">
          {ACCOUNTS_TEXT.save}
        </SubmitButton>
      </div>
    </Stack>
  );
}
