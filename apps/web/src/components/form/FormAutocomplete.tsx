import type { ComponentType, Ref } from 'react';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';

/** What a form passes to an autocomplete (or any value picker) bound to one of its fields. */
export interface FieldBinding<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
}

type Props<T extends FieldValues, N extends Path<T>, P extends FieldBinding<PathValue<T, N>>> = {
  control: Control<T>;
  name: N;
  /** The autocomplete to render, e.g. CategoryAutocomplete; its other props are passed through. */
  component: ComponentType<P>;
  helperText?: string;
} & Omit<P, keyof FieldBinding<unknown>>;

/**
 * An autocomplete bound to a react-hook-form field: value, change, blur and focus go to the
 * form, and the field's error shows as helper text (as FormTextField does for text).
 */
export function FormAutocomplete<T extends FieldValues, N extends Path<T>, P extends FieldBinding<PathValue<T, N>>>({
  control,
  name,
  component: Picker,
  helperText,
  ...rest
}: Props<T, N, P>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const binding: FieldBinding<PathValue<T, N>> = {
          value: field.value,
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? helperText,
        };
        return <Picker {...(rest as unknown as P)} {...binding} />;
      }}
    />
  );
}
