import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { isApiRequestError } from '../lib/api.ts';
import { useSnackbar } from '../lib/toasts.ts';

type DownloadButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** Fetches and saves the file; the button spins and waits until it settles. */
  onDownload: () => Promise<unknown>;
  'data-testid'?: string;
};

/**
 * A button that downloads a file (a report's CSV, an export): outlined, the download icon before
 * its label. While the file comes it shows a spinner and takes no second click; an error the API
 * client has not already shown (popup, sign-in) is shown as a message.
 */
export function DownloadButton({ onDownload, disabled, ...props }: DownloadButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await onDownload();
    } catch (error) {
      if (!(isApiRequestError(error) && error.handled))
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={() => void start()}
      {...props}
    />
  );
}
