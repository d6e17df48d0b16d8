import { CATALOG_TEXT, MSG } from '@cab/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { bodyResolver } from '../formResolver.ts';

const noteSchema = z.object({ note: z.string().trim().min(1, MSG.required) });
type Values = z.infer<typeof noteSchema>;
const resolver = bodyResolver<Values>(noteSchema, (v) => v);

/** SPEC 2 "Custom Note dialog": a Note textarea (required, SPEC 5) and 'Add note'. */
export function CustomNoteDialog({
  initialNote = '',
  onSubmit,
  onClose,
}: {
  initialNote?: string;
  onSubmit: (note: string) => void | Promise<void>;
  onClose: () => void;
}) {
  const { control, handleSubmit, formState } = useForm<Values>({ resolver, defaultValues: { note: initialNote } });
  const submit = handleSubmit(async ({ note }) => {
    await onSubmit(note.trim());
  });
  return (
    <FormDialog
      title={CATALOG_TEXT.customNoteTitle}
      submitLabel={CATALOG_TEXT.addNote}
      onSubmit={submit}
      onClose={onClose}
      pending={formState.isSubmitting}
      testId="custom-note-dialog"
    >
      <FormTextField control={control} name="note" label={CATALOG_TEXT.note} required multiline minRows={4} autoFocus />
    </FormDialog>
  );
}
