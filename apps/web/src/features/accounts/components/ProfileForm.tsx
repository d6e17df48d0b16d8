import { ACCOUNTS_TEXT, MSG, NOTIFY_MS, type Profile, type ProfilePatch, profilePatchSchema } from '@cab/shared';
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
import { useUpdateProfile } from '../api.ts';

type Values = Required<Pick<ProfilePatch, 'first_name' | 'last_name' | 'phone' | 'email' | 'tax_exempt'>>;
const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'tax_exempt'] as const;
const resolver = zodResolver(
  profilePatchSchema.required({ first_name: true, last_name: true }),
) as unknown as Resolver<Values>;

/** PATCH customers/{id}/profile. E-mail and tax exempt are for admins only (the server checks too). */
export function ProfileForm({ profile, isAdmin }: { profile: Profile; isAdmin: boolean }) {
  const update = useUpdateProfile();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, formState, reset } = useForm<Values>({
    resolver,
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone,
      email: profile.email,
      tax_exempt: profile.tax_exempt,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const { email, tax_exempt, ...person } = values;
    const body: ProfilePatch = isAdmin ? { ...person, email, tax_exempt } : person;
    try {
      const saved = await update.mutateAsync({ id: profile.id, body });
      reset({
        first_name: saved.first_name,
        last_name: saved.last_name,
        phone: saved.phone,
        email: saved.email,
        tax_exempt: saved.tax_exempt,
      });
      enqueueSnackbar(MSG.profileUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid="profile-form">
      <FormRootError errors={formState.errors} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="first_name" label={ACCOUNTS_TEXT.firstName} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="last_name" label={ACCOUNTS_TEXT.lastName} required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="email"
            label={ACCOUNTS_TEXT.email}
            type="email"
            disabled={!isAdmin}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label={ACCOUNTS_TEXT.phone} fullWidth />
        </Grid>
      </Grid>
      {isAdmin && (
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
      )}
      <div>
        <SubmitButton pending={update.isPending}>{ACCOUNTS_TEXT.save}</SubmitButton>
      </div>
    </Stack>
  );
}
