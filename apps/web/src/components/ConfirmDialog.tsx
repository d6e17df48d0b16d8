import { WEB_TEXT } from '@cab/shared';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface Props {
  open: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  /** The No button (default: Cancel). */
  cancelLabel?: string;
  /** Shows a spinner on the confirm button and blocks closing. */
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question, e.g. the delete confirmation of SPEC 8. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = WEB_TEXT.cancel,
  busy = false,
  destructive = false,
  onConfirm,
  onClose,
}: Props) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="confirm-dialog"
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <WarningAmberRounded color={destructive ? 'error' : 'warning'} sx={{ fontSize: 52 }} aria-hidden />
      </Box>
      <DialogTitle id={`${id}-title`} sx={{ textAlign: 'center', pb: 1 }}>
        {title}
      </DialogTitle>
      {text && (
        <DialogContent sx={{ textAlign: 'center', pb: 1 }}>
          <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ justifyContent: 'center', pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
