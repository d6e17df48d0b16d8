import type { DialogProps } from '@mui/material/Dialog';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { bodyResolver, useDialogSubmit } from '../../lib/forms.ts';
import { FormDialog } from './FormDialog.tsx';

/** A mutation whose variable is the text itself (a decline's reason, an approval's note). */
interface TextMutation {
  mutateAsync: (text: string) => Promise<unknown>;
  isPending: boolean;
}

/**
 * How the text is sent: `mutation` when the text is all it sends (`done`, the success message),
 * else `send`, with `pending` while it runs.
 */
type Sending =
  | { mutation: TextMutation; done?: string; send?: never; pending?: never }
  | {
      /** Sends the trimmed text; a text it answers shows as a short success message. */
      send: (text: string) => Promise<unknown>;
      pending: boolean;
      mutation?: never;
      done?: never;
    };

function sending(s: Sending): { send: (text: string) => Promise<unknown>; pending: boolean } {
  if (s.mutation === undefined) return s;
  const { mutation, done } = s;
  return {
    send: async (text) => {
      await mutation.mutateAsync(text);
      return done;
    },
    pending: mutation.isPending,
  };
}

/**
 * A dialog that asks one text (a reason, a note) and sends it: the text is checked with its body
 * field's own schema (`field`: Required, the length), the server's field errors land under it.
 */
export function TextDialog(
  props: Sending & {
    title: ReactNode;
    submitLabel: ReactNode;
    field: z.ZodType;
    label: string;
    minRows?: number;
    /** Marks the field required (the schema checks it either way). */
    required?: boolean;
    onClose: () => void;
    notice?: ReactNode;
    maxWidth?: DialogProps['maxWidth'];
    testId?: string;
    fieldTestId?: string;
  },
) {
  const {
    field,
    label,
    minRows = 3,
    required,
    onClose,
    fieldTestId,
    title,
    submitLabel,
    notice,
    maxWidth,
    testId,
  } = props;
  const { send, pending } = sending(props);
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
      title={title}
      submitLabel={submitLabel}
      notice={notice}
      maxWidth={maxWidth}
      testId={testId}
      fields={[{ name: 'text', label, type: 'multiline', minRows, required, autoFocus: true, testId: fieldTestId }]}
    />
  );
}
