import { LABEL_MODES, LABEL_TEXT, type LabelMode } from '@cab/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useDialogSubmit } from '../../../lib/forms.ts';
import { downloadLabelsPdf, recordSessionPrint, useDymoXmls, useRecordPrint } from '../api.ts';
import { DymoError, type DymoPrinter, findDymoService, getPrinters, printLabel } from '../dymo.ts';

type Service = { state: 'searching' } | { state: 'none' } | { state: 'found'; base: string; printers: DymoPrinter[] };

/** The label printer last printed to, kept in the browser. */
const PRINTER_KEY = 'cab.labelPrinter';

const MODE_LABELS: Record<LabelMode, string> = { cabinet: LABEL_TEXT.cabinetLabels, shelf: LABEL_TEXT.shelfLabels };

/**
 * Prints an order's labels on the DYMO printer through the DYMO web service on this computer
 * (SPEC 3 label printer state: connected when the service answers, its printers listed, the
 * first selected), or, where no service answers, as a PDF for any printer. Each print is recorded
 * (print_list/); opened from a scan session's page, as that session's print too (print_session/).
 * With `barcodes`, only those cabinets' labels: a reprint of a torn or smudged one.
 */
export function PrintLabelsDialog({
  orderId,
  session,
  barcodes,
  onClose,
}: {
  orderId: number;
  /** The scan session whose labels these are (its page opened the dialog). */
  session?: number;
  /** Only these cabinets' labels (a reprint); all of the order's when absent. */
  barcodes?: readonly string[];
  onClose: () => void;
}) {
  const [service, setService] = useState<Service>({ state: 'searching' });
  const form = useForm<{ mode: LabelMode; printer: string }>({ defaultValues: { mode: 'cabinet', printer: '' } });
  const mode = form.watch('mode');
  const labels = useDymoXmls(orderId, mode, barcodes);
  const record = useRecordPrint();
  const [pdfBusy, setPdfBusy] = useState(false);
  const recordPrint = async () => {
    await record.mutateAsync({ order: orderId, mode, ...(barcodes ? { barcodes: [...barcodes] } : {}) });
    if (session !== undefined) await recordSessionPrint(session);
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      const base = await findDymoService();
      if (!base) {
        if (live) setService({ state: 'none' });
        return;
      }
      const printers = await getPrinters(base).catch(() => [] as DymoPrinter[]);
      if (!live) return;
      setService({ state: 'found', base, printers });
      // The printer chosen last time while it is listed, else the first (SPEC 3).
      const remembered = localStorage.getItem(PRINTER_KEY);
      const chosen = printers.find((p) => p.name === remembered) ?? printers[0];
      if (chosen) form.setValue('printer', chosen.name);
    })();
    return () => {
      live = false;
    };
  }, [form]);

  const printing = form.formState.isSubmitting;
  const dialog = useDialogSubmit(
    form,
    ['printer'],
    async ({ printer }) => {
      if (service.state !== 'found' || !printer || !labels.data) return undefined;
      try {
        for (const label of labels.data.results) await printLabel(service.base, printer, label.xml);
      } catch (err) {
        const message = err instanceof DymoError ? err.message : LABEL_TEXT.printFailed;
        form.setError('root.server', { type: 'dymo', message });
        throw err;
      }
      localStorage.setItem(PRINTER_KEY, printer);
      await recordPrint();
      return LABEL_TEXT.printed(labels.data.results.length);
    },
    { onClose, pending: printing },
  );

  const pdf = async () => {
    setPdfBusy(true);
    try {
      await downloadLabelsPdf(orderId, mode, barcodes);
      await recordPrint();
    } catch {
      // Shown by the transport (SPEC 8 popup).
    } finally {
      setPdfBusy(false);
    }
  };

  const canPrint = service.state === 'found' && service.printers.length > 0 && (labels.data?.results.length ?? 0) > 0;
  return (
    <FormDialog
      {...dialog}
      onSubmit={(e) => {
        // Where no DYMO service answers, the labels come as a PDF for any printer.
        if (canPrint) void dialog.onSubmit(e);
        else {
          e.preventDefault();
          if (service.state === 'none') void pdf();
        }
      }}
      title={barcodes?.length === 1 ? LABEL_TEXT.reprintTitle(barcodes[0]!) : LABEL_TEXT.printLabels}
      submitLabel={service.state === 'none' ? LABEL_TEXT.downloadPdf : LABEL_TEXT.print}
      testId="print-labels-dialog"
      actions={
        service.state !== 'none' && (
          <Button onClick={() => void pdf()} disabled={pdfBusy} data-testid="labels-pdf">
            {LABEL_TEXT.downloadPdf}
          </Button>
        )
      }
      fields={[
        // A reprint names its cabinets: no choice of labels.
        !barcodes && {
          name: 'mode',
          label: LABEL_TEXT.mode,
          type: 'select',
          native: true,
          options: LABEL_MODES,
          labels: MODE_LABELS,
          testId: 'labels-mode',
        },
        service.state === 'found' &&
          service.printers.length > 0 && {
            name: 'printer',
            label: LABEL_TEXT.printer,
            type: 'select',
            native: true,
            options: service.printers.map((p) => p.name),
            testId: 'labels-printer',
          },
      ]}
    >
      <Typography variant="body2" color="text.secondary" data-testid="labels-count">
        {labels.data ? LABEL_TEXT.labelCount(labels.data.results.length) : ''}
      </Typography>
      {service.state === 'searching' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="labels-searching">
          <CircularProgress size={16} />
          <Typography variant="body2">{LABEL_TEXT.searchingPrinter}</Typography>
        </Stack>
      )}
      {service.state === 'none' && (
        <Alert severity="info" data-testid="labels-no-service">
          <AlertTitle>{LABEL_TEXT.notInstalled}</AlertTitle>
          {LABEL_TEXT.noService}
        </Alert>
      )}
      {service.state === 'found' && service.printers.length === 0 && (
        <Alert severity="warning" data-testid="labels-no-printers">
          {LABEL_TEXT.noPrinters}
        </Alert>
      )}
    </FormDialog>
  );
}
