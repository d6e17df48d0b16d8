import { type CatalogImportResult, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SmallTable } from '../../../components/SmallTable.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { upload2020 } from '../api.ts';
import { ProblemsTable, problemRows } from '../components/ProblemsTable.tsx';
import { XmlFileField } from '../components/XmlFileField.tsx';

const cell = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function ChangesTable({ result }: { result: CatalogImportResult }) {
  if (result.items.length === 0) return null;
  return (
    <SmallTable
      container={{ sx: { maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1, mt: 2 } }}
      stickyHeader
      data-testid="upload-2020-changes"
      head={
        <>
          <TableCell sx={{ width: 72 }}>{T.line}</TableCell>
          <TableCell>{T.code}</TableCell>
          <TableCell>{T.changes}</TableCell>
        </>
      }
    >
      {result.items.map((it) => {
        const changes = Object.entries(it.changes);
        return (
          <TableRow key={`${it.line}-${it.user_code}`} data-testid="upload-2020-row">
            <TableCell>{it.line}</TableCell>
            <TableCell>{it.user_code}</TableCell>
            <TableCell>
              {changes.length === 0
                ? T.noChange
                : changes.map(([field, c]) => (
                    <Box key={field} component="div">
                      {field}: {cell(c.before)} → <strong>{cell(c.after)}</strong>
                    </Box>
                  ))}
            </TableCell>
          </TableRow>
        );
      })}
    </SmallTable>
  );
}

/**
 * /catalog/2020/upload (ADMIN): a 2020 file updates the line items it names. Preview lists each
 * item's changes and every code the catalogue does not know; Apply writes them.
 */
export default function Upload2020Page() {
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CatalogImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (preview: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await upload2020(file, preview);
      setResult(answer);
      if (!preview) {
        enqueueSnackbar(T.imported(answer.imported, answer.failed), {
          variant: answer.failed > 0 ? 'warning' : 'success',
        });
        await client.invalidateQueries({ queryKey: ['catalog'] });
      }
    } catch (e) {
      if (!isApiRequestError(e)) throw e;
      setError(e.fields.file?.join(' ') ?? e.message);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.uploadHint}
          </Typography>
          <XmlFileField
            file={file}
            onChange={(next) => {
              setFile(next);
              setResult(null);
            }}
            disabled={busy}
            error={error}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => run(true)}
              disabled={!file || busy}
              data-testid="upload-2020-preview"
            >
              {T.preview}
            </Button>
            <Button
              variant="contained"
              onClick={() => run(false)}
              disabled={!file || busy || !result?.preview}
              data-testid="upload-2020-apply"
            >
              {T.apply}
            </Button>
          </Box>
          {busy && <LinearProgress sx={{ mt: 2 }} />}
          {result && (
            <Box sx={{ mt: 2 }}>
              <Alert
                severity={result.failed > 0 ? 'warning' : 'success'}
                data-testid={result.preview ? 'upload-2020-preview-result' : 'upload-2020-result'}
              >
                <strong>{result.preview ? T.previewTitle : T.appliedTitle}: </strong>
                {result.preview
                  ? T.previewSummary(result.imported, result.failed)
                  : T.imported(result.imported, result.failed)}
              </Alert>
              <ChangesTable result={result} />
              <ProblemsTable problems={problemRows(result.unknown)} />
            </Box>
          )}
        </CardContent>
      </Card>
    </>
  );
}
