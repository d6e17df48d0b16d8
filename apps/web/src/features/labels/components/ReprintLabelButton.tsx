import { LABEL_TEXT, labelsApi } from '@cab/shared';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useCan } from '../../auth/index.ts';
import { PrintLabelsDialog } from './PrintLabelsDialog.tsx';

/**
 * "Reprint label" for one cabinet (a torn or smudged label): the print dialog with that barcode
 * alone, on the DYMO printer or as a PDF, recorded as a print of that label. Shown to those the
 * labels endpoints let in (ADMIN, STAFF).
 */
export function ReprintLabelButton({
  orderId,
  barcode,
  onClosed,
  ...button
}: { orderId: number; barcode: string; onClosed?: () => void } & Omit<ButtonProps, 'onClick'>) {
  const can = useCan(labelsApi.printList);
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button size="small" data-testid="reprint-label" {...button} onClick={() => setOpen(true)}>
        {LABEL_TEXT.reprintLabel}
      </Button>
      {open && (
        <PrintLabelsDialog
          orderId={orderId}
          barcodes={[barcode]}
          onClose={() => {
            setOpen(false);
            onClosed?.();
          }}
        />
      )}
    </>
  );
}
