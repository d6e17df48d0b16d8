import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ComponentType } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface BooleanFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  testId?: string;
}

type Toggle = ComponentType<{
  checked: boolean;
  onChange: (event: { target: { checked: boolean } }) => void;
  name?: string;
  'data-testid'?: string;
}>;

function BooleanField<T extends FieldValues>({
  control,
  name,
  label,
  testId,
  toggle: Toggle,
}: BooleanFieldProps<T> & { toggle: Toggle }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Toggle
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              name={name}
              data-testid={testId}
            />
          }
          label={label}
        />
      )}
    />
  );
}

/** A switch bound to a boolean react-hook-form field. */
export function FormSwitch<T extends FieldValues>(props: BooleanFieldProps<T>) {
  return <BooleanField {...props} toggle={Switch} />;
}

/** A checkbox bound to a boolean react-hook-form field. */
export function FormCheckbox<T extends FieldValues>(props: BooleanFieldProps<T>) {
  return <BooleanField {...props} toggle={Checkbox} />;
}
