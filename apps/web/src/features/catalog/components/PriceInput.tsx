import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

/** A decimal input (price or percentage) with its unit. */
export function PriceInput({
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
}: {
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
}) {
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
