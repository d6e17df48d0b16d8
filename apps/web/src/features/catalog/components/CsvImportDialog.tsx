import { CATALOG_TEXT, type ImportResult, MSG, NOTIFY_MS } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FileField } from '../../../components/FileField.tsx';
import { type LineColumn, LineProblemsTable } from '../../../components/LineProblemsTable.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';

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
            <FileField
              accept=".csv,text/csv"
              label={CATALOG_TEXT.chooseCsv}
              file={file}
              onChange={(next) => {
                setFile(next);
                setPhase({ step: 'choose' });
              }}
              disabled={busy}
              testId="csv-file"
            />
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

const ERROR_COLUMNS: LineColumn<ImportResult['errors'][number]>[] = [
  { header: CATALOG_TEXT.line, cell: (e) => e.line },
  { header: CATALOG_TEXT.reason, cell: (e) => e.message },
];

function ImportErrors({ result }: { result: ImportResult }) {
  return (
    <>
      <Alert severity={result.imported > 0 ? 'warning' : 'error'} sx={{ mb: 2 }} data-testid="csv-result">
        {MSG.csvImported(result.imported, result.failed)}
      </Alert>
      <LineProblemsTable
        title={CATALOG_TEXT.failedRows}
        maxHeight={320}
        columns={ERROR_COLUMNS}
        rows={result.errors}
        rowKey={(e) => `${e.line}-${e.message}`}
        testId="csv-errors"
      />
    </>
  );
}
