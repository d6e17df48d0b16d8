import { ACCOUNTS_TEXT } from '@cab/shared';
import type { FieldValues, Path } from 'react-hook-form';
import type { FieldSpec } from '../../../components/form/FormFields.tsx';

/** First name, last name (both required) and phone: the person part of every accounts form, in that order. */
export function personFields<T extends FieldValues>({ autoFocus }: { autoFocus?: boolean } = {}): FieldSpec<T>[] {
  return [
    { name: 'first_name' as Path<T>, label: ACCOUNTS_TEXT.firstName, required: true, autoFocus },
    { name: 'last_name' as Path<T>, label: ACCOUNTS_TEXT.lastName, required: true },
    { name: 'phone' as Path<T>, label: ACCOUNTS_TEXT.phone },
  ];
}
