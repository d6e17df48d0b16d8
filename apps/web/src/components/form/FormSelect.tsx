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
  /** The browser's own select (long lists such as the 56 states: quick to pick by typing, good on phones). */
  native?: boolean;
};

const nativeSlots = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The one select field of a form: a FormTextField with one choice per option. */
export function FormSelect<T extends FieldValues>({
  options,
  labels,
  noneLabel,
  native,
  ...field
}: FormSelectProps<T>) {
  if (native) {
    return (
      <FormTextField {...field} select slotProps={nativeSlots}>
        {noneLabel !== undefined && <option value="">{noneLabel}</option>}
        {options.map((value) => (
          <option key={value} value={value}>
            {labels?.[value] ?? value}
          </option>
        ))}
      </FormTextField>
    );
  }
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
