import { MSG, NOTIFY_MS, type Profile, profilePatchSchema, SETTINGS_TEXT } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { type Resolver, useForm } from 'react-hook-form';
import { FormRootError } from '../../../components/form/FormRootError.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';
import { applyServerErrors } from '../../../lib/forms.ts';
import { useUpdateProfile } from '../api.ts';

interface Values {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}
const FIELDS = ['first_name', 'last_name', 'phone', 'email'] as const;
const valuesOf = (p: Profile): Values => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone: p.phone,
  email: p.email,
});

/**
 * The signed-in user's own profile. The server lets only an admin change an e-mail or tax_exempt,
 * so a customer sees them read-only and never sends them.
 */
export function ProfileForm({ profile, isAdmin }: { profile: Profile; isAdmin: boolean }) {
  const update = useUpdateProfile(profile.id);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(profilePatchSchema) as unknown as Resolver<Values>, // a patch schema: every key optional
    defaultValues: valuesOf(profile),
  });

  const onSubmit = handleSubmit(async ({ email, ...names }) => {
    try {
      const saved = await update.mutateAsync(isAdmin ? { ...names, email } : names);
      reset(valuesOf(saved));
      enqueueSnackbar(MSG.profileUpdated, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      sx={{ maxWidth: 520 }}
      data-testid="profile-form"
    >
      <FormRootError errors={formState.errors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="first_name"
          label={SETTINGS_TEXT.firstName}
          autoComplete="given-name"
          fullWidth
        />
        <FormTextField
          control={control}
          name="last_name"
          label={SETTINGS_TEXT.lastName}
          autoComplete="family-name"
          fullWidth
        />
      </Stack>
      {isAdmin ? (
        <FormTextField control={control} name="email" label={SETTINGS_TEXT.email} type="email" autoComplete="email" />
      ) : (
        <TextField
          label={SETTINGS_TEXT.email}
          value={profile.email}
          helperText={SETTINGS_TEXT.emailReadOnlyHint}
          slotProps={{ input: { readOnly: true } }}
          data-testid="profile-email"
        />
      )}
      <FormTextField control={control} name="phone" label={SETTINGS_TEXT.phone} type="tel" autoComplete="tel" />
      {!isAdmin && (
        <TextField
          label={SETTINGS_TEXT.taxExempt}
          value={profile.tax_exempt ? SETTINGS_TEXT.taxExemptYes : SETTINGS_TEXT.taxExemptNo}
          slotProps={{ input: { readOnly: true } }}
          data-testid="profile-tax-exempt"
        />
      )}
      <div>
        <SubmitButton pending={update.isPending} data-testid="profile-save">
          {SETTINGS_TEXT.save}
        </SubmitButton>
      </div>
    </Stack>
  );
}
