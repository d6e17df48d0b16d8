import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A switch bound to a boolean react-hook-form field. */
export function FormSwitch<T extends FieldValues>({
  control,
  name,
  label,
  testId,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              data-testid={testId}
            />
          }
          label={label}
        />
      )}
    />
  );
}
