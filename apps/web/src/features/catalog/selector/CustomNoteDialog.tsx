import { CATALOG_TEXT, MSG, WEB_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="custom-note-title"
      data-testid="custom-note-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="custom-note-title">{CATALOG_TEXT.customNoteTitle}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={control}
            name="note"
            label={CATALOG_TEXT.note}
            required
            multiline
            minRows={4}
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {WEB_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {CATALOG_TEXT.addNote}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
