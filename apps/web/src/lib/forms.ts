import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from './api.ts';

/**
 * Puts an API error onto a react-hook-form form (SPEC 5 "Server field errors are shown on
 * matching fields"): each `fields` entry naming a form field becomes that field's error; the
 * rest (and an error without fields that was not already shown in a popup) becomes the form's
 * root error. Returns true when something was shown on the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiRequestError(error)) return false;
  const leftovers: string[] = [];
  let shown = false;
  for (const [name, messages] of Object.entries(error.fields)) {
    const text = messages.join(' ');
    if ((fieldNames as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: !shown });
      shown = true;
    } else {
      leftovers.push(text);
    }
  }
  if (leftovers.length > 0) {
    setError('root.server' as Path<T>, { type: 'server', message: leftovers.join(' ') });
    shown = true;
  } else if (!shown && !error.handled) {
    setError('root.server' as Path<T>, { type: 'server', message: error.message });
    shown = true;
  }
  return shown;
}
