import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface PriceInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  hint?: string;
  adornment: string;
  adornmentEnd?: boolean;
  required?: boolean;
}

/** A decimal input (price or percentage) with its unit. */
function PriceInput({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
  adornment,
  adornmentEnd = false,
  required = false,
}: PriceInputProps) {
  const unit = <InputAdornment position={adornmentEnd ? 'end' : 'start'}>{adornment}</InputAdornment>;
  return (
    <TextField
      label={label}
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{
        input: adornmentEnd ? { endAdornment: unit } : { startAdornment: unit },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
}

/** A PriceInput bound to a react-hook-form field; `onInput` hears each value typed (a price clears the percentage). */
export function FormPriceInput<T extends FieldValues>({
  control,
  name,
  onInput,
  ...input
}: Omit<PriceInputProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> & {
  control: Control<T>;
  name: Path<T>;
  onInput?: (value: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PriceInput
          {...input}
          value={field.value}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          onChange={(next) => {
            field.onChange(next);
            onInput?.(next);
          }}
        />
      )}
    />
  );
}
