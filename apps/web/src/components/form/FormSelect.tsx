import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';
import { type SelectChoices, selectProps } from './SelectField.tsx';

export type FormSelectProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'select' | 'children'> &
  Omit<SelectChoices, 'multiple'>;

/** The one select field of a form: a FormTextField with SelectField's choices. */
export function FormSelect<T extends FieldValues>({
  options,
  labels,
  noneLabel,
  anyLabel,
  native,
  optionTestId,
  menuMaxHeight,
  slotProps,
  ...field
}: FormSelectProps<T>) {
  const choices = { options, labels, noneLabel, anyLabel, native, optionTestId, menuMaxHeight };
  return <FormTextField {...field} {...selectProps(choices, slotProps, undefined)} />;
}
