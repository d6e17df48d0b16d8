import { ACCOUNTS_TEXT, WEB_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { LoadingOverlay } from '../../../components/LoadingOverlay.tsx';

interface Props {
  title: string;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitLabel?: string;
  testId?: string;
  children: ReactNode;
}

/** A dialog holding one form: Cancel and a submit button, a loading overlay while it saves (SPEC 4). */
export function FormDialog({ title, busy, onSubmit, onClose, submitLabel, testId, children }: Props) {
  const id = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent sx={{ position: 'relative' }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
        <LoadingOverlay open={busy} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {WEB_TEXT.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel ?? ACCOUNTS_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
