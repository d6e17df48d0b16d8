import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { styled } from '@mui/material/styles';
import { type ChangeEvent, type Ref, useId, useState } from 'react';
import { PasswordToggle } from './PasswordToggle.tsx';

// MUI's TextField root: the same component name, so the theme's MuiTextField settings apply.
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export interface OutlinedFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's error message: shown as its helper text, the field marked invalid. */
  error?: string;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  autoFocus?: boolean;
}

/**
 * What MUI's TextField renders for an outlined text field (FormControl, InputLabel, OutlinedInput,
 * FormHelperText), without the select, filled and standard inputs TextField always loads: the
 * sign-in form's fields, whose page is the first load of most visits (decision 0064).
 */
export function OutlinedField({
  name,
  label,
  value,
  onChange,
  inputRef,
  error,
  type,
  autoComplete,
  autoFocus,
}: OutlinedFieldProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const helperTextId = error ? `${id}-helper-text` : undefined;
  const password = type === 'password';
  return (
    <TextFieldRoot className="MuiTextField-root" variant="outlined" error={Boolean(error)} fullWidth={false}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={password && visible ? 'text' : type}
        value={value}
        onChange={onChange}
        inputRef={inputRef}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperTextId}
        fullWidth={false}
        endAdornment={
          password ? <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} /> : undefined
        }
      />
      {error && <FormHelperText id={helperTextId}>{error}</FormHelperText>}
    </TextFieldRoot>
  );
}
