import { ACCOUNTS_TEXT, SETTINGS_TEXT } from '@cab/shared';
import TextField from '@mui/material/TextField';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSwitch } from '../../../components/form/FormSwitch.tsx';

/** Tax exempt of a user or company: a switch for whoever may change it (an admin), else read-only. */
export function TaxExemptField<T extends FieldValues>({
  control,
  name,
  editable,
  value,
  switchTestId,
  readOnlyTestId,
}: {
  control: Control<T>;
  name: Path<T>;
  editable: boolean;
  /** The saved value, shown when not editable. */
  value: boolean;
  switchTestId?: string;
  readOnlyTestId: string;
}) {
  if (editable)
    return <FormSwitch control={control} name={name} label={ACCOUNTS_TEXT.taxExempt} testId={switchTestId} />;
  return (
    <TextField
      label={ACCOUNTS_TEXT.taxExempt}
      value={value ? SETTINGS_TEXT.taxExemptYes : SETTINGS_TEXT.taxExemptNo}
      slotProps={{ input: { readOnly: true } }}
      data-testid={readOnlyTestId}
    />
  );
}
