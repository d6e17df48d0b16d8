import { CATALOG_TEXT, type ImportResult, MSG, NOTIFY_MS } from '@cab/shared';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { isApiRequestError } from '../../../lib/api.ts';

type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number }
  | { step: 'importing' }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; detail: string | null };

/**
 * SPEC 2 "CSV import dialog": asks for a .csv file, shows the upload and import progress, then
 * 'Successfully imported/updated N items' (with the failed part) as a notification and lists the
 * rows that failed with their line numbers; a file that cannot be read says 'Failed to parse csv file'.
 */
export function CsvImportDialog({
  what,
  columns,
  onImport,
  notifyMs = NOTIFY_MS.default,
  onClose,
}: {
  /** What is imported ("Wood Species", "Line Items"). */
  what: string;
  columns: readonly string[];
  onImport: (file: File, onProgress: (percent: number) => void) => Promise<ImportResult>;
  notifyMs?: number;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const busy = phase.step === 'uploading' || phase.step === 'importing';

  const start = async () => {
    if (!file) return;
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const result = await onImport(file, (percent) =>
        setPhase(percent >= 100 ? { step: 'importing' } : { step: 'uploading', percent }),
      );
      const message = MSG.csvImported(result.imported, result.failed);
      enqueueSnackbar(message, {
        variant: result.failed > 0 ? (result.imported > 0 ? 'warning' : 'error') : 'success',
        autoHideDuration: notifyMs,
      });
      if (result.failed > 0) setPhase({ step: 'done', result });
      else onClose();
    } catch (error) {
      const detail = isApiRequestError(error) ? (error.fields.file?.join(' ') ?? error.message) : null;
      if (isApiRequestError(error) && error.handled) {
        setPhase({ step: 'choose' });
        return;
      }
      enqueueSnackbar(MSG.csvParseFailed, { variant: 'error', autoHideDuration: notifyMs });
      setPhase({ step: 'failed', detail: detail && detail !== MSG.csvParseFailed ? detail : null });
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="csv-import-title"
      data-testid="csv-import-dialog"
    >
      <DialogTitle id="csv-import-title">{CATALOG_TEXT.importTitle(what)}</DialogTitle>
      <DialogContent dividers>
        {phase.step === 'done' ? (
          <ImportErrors result={phase.result} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {CATALOG_TEXT.csvHint}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {CATALOG_TEXT.csvColumns}:{' '}
              <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-word' }}>
                {columns.join(', ')}
              </Box>
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="csv-file-input"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPhase({ step: 'choose' });
              }}
            />
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                p: 2,
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 2,
              }}
            >
              <Button
                variant="outlined"
                startIcon={<UploadFileRounded />}
                onClick={() => input.current?.click()}
                disabled={busy}
              >
                {CATALOG_TEXT.chooseCsv}
              </Button>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="csv-file-name">
                {file?.name ?? ''}
              </Typography>
            </Box>
            {phase.step === 'uploading' && (
              <Box sx={{ mt: 2 }} data-testid="csv-progress">
                <LinearProgress variant="determinate" value={phase.percent} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {CATALOG_TEXT.uploading(phase.percent)}
                </Typography>
              </Box>
            )}
            {phase.step === 'importing' && (
              <Box sx={{ mt: 2 }} data-testid="csv-progress">
                <LinearProgress />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {CATALOG_TEXT.importing}
                </Typography>
              </Box>
            )}
            {phase.step === 'failed' && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="csv-parse-error">
                {MSG.csvParseFailed}
                {phase.detail && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {phase.detail}
                  </Typography>
                )}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {CATALOG_TEXT.close}
        </Button>
        {phase.step !== 'done' && (
          <Button variant="contained" onClick={start} disabled={!file || busy} data-testid="csv-import-submit">
            {CATALOG_TEXT.import}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportErrors({ result }: { result: ImportResult }) {
  return (
    <>
      <Alert severity={result.imported > 0 ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="csv-result">
        {MSG.csvImported(result.imported, result.failed)}
      </Alert>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {CATALOG_TEXT.failedRows}
      </Typography>
      <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="csv-errors">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>{CATALOG_TEXT.line}</TableCell>
              <TableCell>{CATALOG_TEXT.reason}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.errors.map((e) => (
              <TableRow key={`${e.line}-${e.message}`}>
                <TableCell>{e.line}</TableCell>
                <TableCell>{e.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
