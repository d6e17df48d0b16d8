import { CATALOG_TEXT, type Endpoint } from '@cab/shared';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { download, isApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';

/** Downloads the list as CSV in the import columns, so an admin can edit and re-import it. */
export function ExportCsvButton({
  endpoint,
  params,
  fileName,
}: {
  endpoint: Endpoint;
  params?: Record<string, string>;
  fileName: string;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
      disabled={busy}
      data-testid="export-csv"
      onClick={async () => {
        setBusy(true);
        try {
          await download(endpoint, { params, fallbackName: `${fileName}.csv` });
        } catch (error) {
          // The API client already showed the error (popup, sign-in) when it handled it.
          if (!(isApiRequestError(error) && error.handled))
            enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      {CATALOG_TEXT.downloadCsv}
    </Button>
  );
}
