import { REMAKE_SOURCE_LABELS, REMAKE_SOURCES, REMAKE_TEXT, type Remake, type RemakeSource } from '@cab/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { useDymoXmls, useRemakeReasons, useRequestRemake } from '../api.ts';

interface Values {
  items: string[];
  reason: string;
  source: RemakeSource | '';
  notes: string;
}

/**
 * "Request remake" (POST {id}/remake/): the cabinets of the order to make again (barcodes, e.g.
 * the one just scanned), a reason of settings.remake_reasons, a source, notes. Other features
 * (the scanning screen) open it through the labels feature's index.ts.
 */
export function RequestRemakeDialog({
  orderId,
  barcodes = [],
  onClose,
  onDone,
}: {
  orderId: number;
  /** Cabinets chosen already (a scanned label). */
  barcodes?: readonly string[];
  onClose: () => void;
  onDone?: (remake: Remake) => void;
}) {
  const cabinets = useDymoXmls(orderId, 'cabinet');
  const reasons = useRemakeReasons();
  const request = useRequestRemake(orderId);
  const form = useForm<Values>({ defaultValues: { items: [...barcodes], reason: '', source: '', notes: '' } });

  const dialog = useDialogSubmit(
    form,
    ['items', 'reason', 'source', 'notes'],
    async (v) => {
      const remake = await request.mutateAsync({
        items: v.items.map((barcode) => ({ barcode })),
        reason: v.reason,
        source: v.source as RemakeSource,
        notes: v.notes,
      });
      onDone?.(remake);
      return REMAKE_TEXT.requested;
    },
    { onClose, pending: request.isPending },
  );

  const options = cabinets.data?.results.map((r) => r.key) ?? [...barcodes];
  return (
    <FormDialog
      {...dialog}
      title={REMAKE_TEXT.requestRemake}
      submitLabel={REMAKE_TEXT.request}
      testId="request-remake-dialog"
      fields={[
        {
          name: 'items',
          element: (
            <Controller
              key="items"
              control={form.control}
              name="items"
              rules={{ validate: (v) => v.length > 0 || REMAKE_TEXT.itemsRequired }}
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={options}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  loading={cabinets.isPending}
                  data-testid="remake-items"
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={REMAKE_TEXT.cabinets}
                      required
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
          ),
        },
        {
          name: 'reason',
          label: REMAKE_TEXT.reason,
          type: 'select',
          native: true,
          required: true,
          noneLabel: '',
          options: reasons.data ?? [],
          testId: 'remake-reason',
        },
        {
          name: 'source',
          label: REMAKE_TEXT.source,
          type: 'select',
          native: true,
          required: true,
          noneLabel: '',
          options: REMAKE_SOURCES,
          labels: REMAKE_SOURCE_LABELS,
          testId: 'remake-source',
        },
        { name: 'notes', label: REMAKE_TEXT.notes, type: 'multiline', minRows: 2, testId: 'remake-notes' },
      ]}
    />
  );
}
