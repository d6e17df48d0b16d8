import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates the request body built from the form values with
 * the shared zod schema (SPEC 5 messages), and puts each issue on the form field of the same path.
 */
export function bodyResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
  /** Rules zod skips while a field has a type error (e.g. export name required), checked every time. */
  extraIssues?: (values: V) => Record<string, string[]>,
): Resolver<V> {
  return async (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<V> = {};
    const add = (path: string, type: string, message: string) => {
      const taken = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
      if (!taken) set(errors, path, { type, message });
    };
    for (const issue of result.error.issues)
      add(issue.path.map(String).join('.') || 'root.server', issue.code, issue.message);
    for (const [path, messages] of Object.entries(extraIssues?.(values) ?? {})) {
      if (messages[0]) add(path, 'custom', messages[0]);
    }
    return { values: {}, errors };
  };
}

/** '' for null/undefined, the text of anything else: form inputs hold strings. */
export const textOf = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
