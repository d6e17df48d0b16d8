import { FINANCE_LABELS, MSG } from '@cab/shared';
import type { DialogProps } from '@mui/material/Dialog';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { FieldList } from '../../../components/form/FormFields.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { type RuleKindName, useSaveRule } from '../api.ts';

/**
 * The form dialog of one finance rule (new or edited): text inputs checked with the shared
 * create schema (SPEC 5's messages, the server's own check) on the body `toBody` builds; an
 * edit sends the whole body as a PATCH. `extra` renders what a field list cannot (the milestones).
 */
export function RuleFormDialog<V extends FieldValues, R extends { id: number }>({
  kind,
  what,
  row,
  label,
  defaults,
  schema,
  toBody,
  fields,
  extra,
  onClose,
  testId,
  maxWidth = 'sm',
}: {
  kind: RuleKindName;
  what: string;
  row: R | null;
  label: (saved: R) => string;
  defaults: DefaultValues<V>;
  schema: z.ZodType;
  toBody: (values: V) => unknown;
  fields: FieldList<V>;
  extra?: (form: UseFormReturn<V>) => ReactNode;
  onClose: () => void;
  testId: string;
  maxWidth?: DialogProps['maxWidth'];
}) {
  const save = useSaveRule<R>(kind);
  const form = useForm<V>({ resolver: bodyResolver(schema, toBody), defaultValues: defaults });
  const names = Object.keys(defaults) as Path<V>[];
  const dialog = useDialogSubmit(
    form,
    names,
    async (values) => {
      const saved = await save.mutateAsync({ id: row?.id, body: toBody(values) });
      return row ? MSG.premiumUpdated(label(saved)) : MSG.premiumCreated(label(saved));
    },
    { onClose, pending: save.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={row ? FINANCE_LABELS.edit(what) : FINANCE_LABELS.add(what)}
      submitLabel={FINANCE_LABELS.save}
      maxWidth={maxWidth}
      layout="grid"
      testId={testId}
      submitTestId={`${testId}-save`}
      fields={fields}
    >
      {extra?.(form)}
    </FormDialog>
  );
}

/** Form inputs hold text: '' for none. */
export const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** The named fields of a row as form text (`text`); all '' for a new rule (no row). */
export function textsOf<R, const K extends keyof R & string>(row: R | null, keys: readonly K[]): Record<K, string> {
  const texts = keys.map((key) => [key, text(row?.[key] as string | number | null | undefined)]);
  return Object.fromEntries(texts) as Record<K, string>;
}
/** '' as null on the wire (a cleared optional field). */
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
