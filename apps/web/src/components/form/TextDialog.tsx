import type { DialogProps } from '@mui/material/Dialog';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { bodyResolver, useDialogSubmit } from '../../lib/forms.ts';
import { FormDialog } from './FormDialog.tsx';

/**
 * A dialog that asks one text (a reason, a note) and sends it: the text is checked with its body
 * field's own schema (`field`: Required, the length), the server's field errors land under it.
 */
export function TextDialog({
  field,
  label,
  minRows = 3,
  required,
  send,
  pending,
  onClose,
  fieldTestId,
  ...frame
}: {
  title: ReactNode;
  submitLabel: ReactNode;
  field: z.ZodType;
  label: string;
  minRows?: number;
  /** Marks the field required (the schema checks it either way). */
  required?: boolean;
  /** Sends the trimmed text; a text it answers shows as a short success message. */
  send: (text: string) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
  notice?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
  fieldTestId?: string;
}) {
  const resolver = useMemo(() => bodyResolver(z.object({ text: field }), (v: { text: string }) => v), [field]);
  const form = useForm({ resolver, defaultValues: { text: '' } });
  const dialog = useDialogSubmit(form, ['text'], ({ text }) => send(text.trim()), {
    onClose,
    pending,
    fieldOf: () => 'text',
  });
  return (
    <FormDialog
      {...dialog}
      {...frame}
      fields={[{ name: 'text', label, type: 'multiline', minRows, required, autoFocus: true, testId: fieldTestId }]}
    />
  );
}
