import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';

export type FormSelectProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'select' | 'children'> & {
  /** The values to choose from, in order. */
  options: readonly string[];
  /** What each value shows as (default: the value itself). */
  labels?: Partial<Record<string, ReactNode>>;
  /** Given: a first choice with the value '' (none), shown in italics. */
  noneLabel?: ReactNode;
};

/** The one select field of a form: a FormTextField with one MenuItem per option. */
export function FormSelect<T extends FieldValues>({ options, labels, noneLabel, ...field }: FormSelectProps<T>) {
  return (
    <FormTextField {...field} select>
      {noneLabel !== undefined && (
        <MenuItem value="">
          <em>{noneLabel}</em>
        </MenuItem>
      )}
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {labels?.[value] ?? value}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
