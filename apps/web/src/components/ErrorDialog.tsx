import { WEB_TEXT } from '@cab/shared';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ErrorDialogItem } from '../lib/errorDialogStore.ts';

/** One API error popup of SPEC 8 (ErrorDialogHost shows them one at a time). */
export default function ErrorDialog({ item, onClose: close }: { item: ErrorDialogItem; onClose: () => void }) {
  const titleId = `error-dialog-title-${item.id}`;
  const bodyId = `error-dialog-body-${item.id}`;
  return (
    <Dialog
      open
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="error-dialog"
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <ErrorOutlined color="error" sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center', pb: 1 }}>
        {item.title}
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <DialogContentText id={bodyId}>{item.message}</DialogContentText>
        {item.transactionId && (
          <Typography variant="body2" sx={{ mt: 2, fontFamily: 'monospace' }} data-testid="error-dialog-transaction">
            {WEB_TEXT.transactionId}: {item.transactionId}
          </Typography>
        )}
      </DialogContent>
      {!item.timer && (
        <DialogActions sx={{ justifyContent: 'center', pb: 2.5 }}>
          <Button variant="contained" onClick={close} autoFocus>
            {WEB_TEXT.ok}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
