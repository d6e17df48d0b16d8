import { DEBOUNCE_MS, type OrderImportResult, ROLE_GROUPS, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AsyncAutocomplete } from '../../../components/AsyncAutocomplete.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { customerOptions, importOrder } from '../api.ts';
import { ProblemsTable } from './ProblemsTable.tsx';
import { XmlFileField } from './XmlFileField.tsx';

type Customer = Awaited<ReturnType<typeof customerOptions>>[number];

/**
 * Import a 2020 design as a new bid (POST /api/orders/importorder/): a name, the customer (an
 * admin imports for one), the .xml file. Preview shows what would be imported and every item that
 * would not (line in the file, code, reason); Import creates the bid and opens it.
 */
function ImportOrderDialog({ onClose }: { onClose: () => void }) {
  const isAdmin = useInRoleGroup(ROLE_GROUPS.admin);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<OrderImportResult | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const run = async (asPreview: boolean) => {
    if (!file) return;
    setBusy(true);
    setErrors({});
    try {
      const result = await importOrder({ name, file, customer: customer?.id ?? null, preview: asPreview });
      if (asPreview || !result.order) {
        setPreview(result);
        return;
      }
      enqueueSnackbar(T.imported(result.imported, result.failed), {
        variant: result.failed > 0 ? 'warning' : 'success',
      });
      await client.invalidateQueries({ queryKey: ['orders'] });
      onClose();
      navigate(`/orders/${result.order.id}`);
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.join(' ')]));
      setErrors(Object.keys(fields).length > 0 ? fields : { _: error.message });
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="import-order-dialog">
      <DialogTitle>{T.importOrderTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.importOrderHint}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={T.orderName}
            size="small"
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'import-order-name' } }}
          />
          {isAdmin && (
            <AsyncAutocomplete<Customer>
              testId="import-order-customer"
              size="small"
              label={T.customer}
              required
              debounceMs={DEBOUNCE_MS.autocomplete}
              fetchOptions={customerOptions}
              getOptionKey={(u) => u.id}
              getOptionLabel={(u) => `${u.full_name} (${u.email})`}
              value={customer}
              onChange={setCustomer}
              error={Boolean(errors.customer ?? errors.created_by)}
              helperText={errors.customer ?? errors.created_by}
            />
          )}
          <XmlFileField
            file={file}
            onChange={(next) => {
              setFile(next);
              setPreview(null);
            }}
            disabled={busy}
            error={errors.order_file ?? errors._}
          />
        </Box>
        {busy && <LinearProgress sx={{ mt: 2 }} />}
        {preview && (
          <Box sx={{ mt: 2 }}>
            <Alert severity={preview.failed > 0 ? 'warning' : 'success'} data-testid="import-preview">
              {T.previewSummary(preview.imported, preview.failed)}
            </Alert>
            <ProblemsTable problems={preview.unknown} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {T.cancel}
        </Button>
        <Button onClick={() => run(true)} disabled={!file || busy} data-testid="import-order-preview">
          {T.preview}
        </Button>
        <Button
          variant="contained"
          onClick={() => run(false)}
          disabled={!file || !name.trim() || busy || (isAdmin && !customer)}
          data-testid="import-order-submit"
        >
          {T.import}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Import 2020 button of an order list, with its dialog. */
export function ImportOrderButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="import-order">
        {T.importOrder}
      </Button>
      {open && <ImportOrderDialog onClose={() => setOpen(false)} />}
    </>
  );
}
