import { NOTIFY_MS } from '@cab/shared';
import type { BaseSyntheticEvent } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  set,
  type UseFormHandleSubmit,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiRequestError } from './api.ts';
import { useSnackbar } from './toasts.ts';

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
  /** The form field of an error path when the form's fields are not the body's (see bodyResolver). */
  fieldOf?: (path: string) => string,
): boolean {
  if (!isApiRequestError(error)) return false;
  const leftovers: string[] = [];
  let shown = false;
  for (const [path, messages] of Object.entries(error.fields)) {
    const text = messages.join(' ');
    const name = fieldOf ? fieldOf(path) : path;
    if (name !== 'root.server' && (fieldOf || (fieldNames as readonly string[]).includes(name))) {
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

export interface FormSubmitOptions {
  /**
   * Snackbars telling that the save failed: `fields` besides the field errors on the form,
   * `other` for any other failure (the catalogue dialogs).
   */
  failed?: { fields: string; other: string };
  /** The form field of an error path, as given to bodyResolver. */
  fieldOf?: (path: string) => string;
}

/**
 * The submit handler of a form that saves through the API: validates with the form's resolver,
 * runs `save`, shows the success message it returns (if any) as a short snackbar, and puts a
 * failure on the form (applyServerErrors).
 */
export function useFormSubmit<T extends FieldValues, V = T>(
  form: { handleSubmit: UseFormHandleSubmit<T, V>; setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
  save: (values: V) => Promise<unknown>,
  options: FormSubmitOptions = {},
): (event?: BaseSyntheticEvent) => Promise<void> {
  const { enqueueSnackbar } = useSnackbar();
  return form.handleSubmit(async (values) => {
    try {
      const message = await save(values);
      if (typeof message === 'string' && message)
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch (error) {
      const { failed } = options;
      const fieldErrors = isApiRequestError(error) && error.hasFieldErrors;
      if (!failed || fieldErrors) applyServerErrors(error, form.setError, fields, options.fieldOf);
      if (failed) enqueueSnackbar(fieldErrors ? failed.fields : failed.other, { variant: 'error' });
    }
  });
}

/** What a form's frame (PageForm, FormDialog) takes from the form: spread it on the frame. */
export interface FormFrame<T extends FieldValues> {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  errors: FieldErrors<T>;
}

interface SubmittingForm<T extends FieldValues, V> {
  handleSubmit: UseFormHandleSubmit<T, V>;
  setError: UseFormSetError<T>;
  formState: { errors: FieldErrors<T> };
}

/** `useFormSubmit` for a form in a frame: its submit handler, whether it is saving (`pending`), its errors. */
export function useFrameSubmit<T extends FieldValues, V = T>(
  form: SubmittingForm<T, V>,
  fields: readonly Path<T>[],
  save: (values: V) => Promise<unknown>,
  { pending, ...options }: FormSubmitOptions & { pending: boolean },
): FormFrame<T> {
  const onSubmit = useFormSubmit(form, fields, save, options);
  return { onSubmit, pending, errors: form.formState.errors };
}

/** What a FormDialog takes from its form: spread it on the dialog (`<FormDialog {...dialog} title=… fields={…}>`). */
export interface DialogForm<T extends FieldValues> extends FormFrame<T> {
  onClose: () => void;
  /** The form's control, for the dialog's declared `fields`. */
  control: Control<T>;
}

/** `useFrameSubmit` for a form in a dialog: the dialog closes once `save` has resolved (before its success message shows). */
export function useDialogSubmit<T extends FieldValues, V = T>(
  form: SubmittingForm<T, V> & { control: Control<T> },
  fields: readonly Path<T>[],
  save: (values: V) => Promise<unknown>,
  { onClose, ...options }: FormSubmitOptions & { onClose: () => void; pending: boolean },
): DialogForm<T> {
  const frame = useFrameSubmit(
    form,
    fields,
    async (values) => {
      const message = await save(values);
      onClose();
      return message;
    },
    options,
  );
  return { ...frame, onClose, control: form.control };
}

export interface BodyResolverOptions<V> {
  /** Rules zod skips while a field has a type error (e.g. export name required), shown with its issues. */
  extraIssues?: (values: V) => Record<string, string[]>;
  /** The form field of a body path, when the form's fields are not the body's (default: the same path). */
  fieldOf?: (path: string) => string;
}

/**
 * A react-hook-form resolver for forms whose inputs hold text: it validates the request body
 * built from the form values with the shared zod schema (SPEC 5 messages, the server's own
 * check), and puts each issue on the form field of the same path (the first issue of a field wins).
 */
export function bodyResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
  options: BodyResolverOptions<V> = {},
): Resolver<V> {
  const fieldOf = options.fieldOf ?? ((path: string) => path || 'root.server');
  return async (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<V> = {};
    const add = (path: string, type: string, message: string) => {
      const field = fieldOf(path);
      const taken = field
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
      if (!taken) set(errors, field, { type, message });
    };
    for (const issue of result.error.issues) add(issue.path.map(String).join('.'), issue.code, issue.message);
    for (const [path, messages] of Object.entries(options.extraIssues?.(values) ?? {})) {
      if (messages[0]) add(path, 'custom', messages[0]);
    }
    return { values: {}, errors };
  };
}

/** '' for null/undefined, the text of anything else: form inputs hold strings. */
export const textOf = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
