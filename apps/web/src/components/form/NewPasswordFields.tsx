import { WEB_TEXT } from '@cab/shared';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormPasswordField } from './FormTextField.tsx';

/** "New password" and "Confirm password", as every form that sets a password asks them. */
export function NewPasswordFields<T extends FieldValues & { new_password: string; confirm_password: string }>({
  control,
  autoFocus,
}: {
  control: Control<T>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormPasswordField
        control={control}
        name={'new_password' as Path<T>}
        label={WEB_TEXT.newPasswordLabel}
        autoComplete="new-password"
        helperText={WEB_TEXT.passwordHint}
        autoFocus={autoFocus}
      />
      <FormPasswordField
        control={control}
        name={'confirm_password' as Path<T>}
        label={WEB_TEXT.confirmPasswordLabel}
        autoComplete="new-password"
      />
    </>
  );
}
