import {
  type Cents,
  formatWireMoney,
  INVOICE_WEB_TEXT,
  type Payment,
  parseMoney,
  refundBodySchema,
  toWire,
} from '@cab/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useRefund } from '../api.ts';

interface Values {
  amount: string;
  reason: string;
  /** 'note': taken off what they owe (a credit note); 'reopen': they will pay it again (decision 0044). */
  kind: 'note' | 'reopen';
}

const KINDS = [
  { value: 'note', label: INVOICE_WEB_TEXT.refundCreditNote, help: INVOICE_WEB_TEXT.refundCreditNoteHelp },
  { value: 'reopen', label: INVOICE_WEB_TEXT.refundReopen, help: INVOICE_WEB_TEXT.refundReopenHelp },
] as const;

/** What a payment has left to give back: its amount less what was refunded or is being refunded. */
export function refundLeft(p: Payment): string {
  const asked = p.refunds.filter((r) => r.status !== 'FAILED').reduce((sum, r) => sum + (parseMoney(r.amount) ?? 0), 0);
  const left = (parseMoney(p.amount) ?? 0) - Math.max(asked, parseMoney(p.refunded) ?? 0);
  return toWire(Math.max(0, left) as Cents);
}

/**
 * ADMIN: gives money back on a payment (issue 27). Card and bank refunds go through Stripe and
 * show Pending until Stripe confirms; checks, cash and wires are recorded at once.
 */
export function RefundDialog({ payment, amount, onClose }: { payment: Payment; amount?: string; onClose: () => void }) {
  const refund = useRefund(payment.id);
  // One key per dialog: a double click gives money back once.
  const [key] = useState(() => `refund-${payment.id}-${Date.now()}`);
  const left = refundLeft(payment);
  // Undoing a credit application gives the credit back to its memo: there is nothing to ask.
  const asks = payment.method !== 'CREDIT';
  const toBody = (v: Values) => ({
    amount: v.amount,
    reason: v.reason,
    ...(asks ? { credit_note: v.kind === 'note' } : {}),
    idempotency_key: key,
  });
  const form = useForm<Values>({
    resolver: bodyResolver(refundBodySchema, toBody),
    defaultValues: { amount: amount ?? left, reason: '', kind: 'note' },
  });
  const dialog = useDialogSubmit(
    form,
    ['amount', 'reason'],
    async (values) => {
      const done = await refund.mutateAsync(refundBodySchema.parse(toBody(values)));
      return `${INVOICE_WEB_TEXT.refunded} ${formatWireMoney(done.refund.amount)}`;
    },
    { onClose, pending: refund.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.refundTitle(
        INVOICE_WEB_TEXT.methodLabels[payment.method],
        formatWireMoney(payment.amount),
      )}
      submitLabel={INVOICE_WEB_TEXT.refund}
      testId="refund-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {INVOICE_WEB_TEXT.refundHelp(formatWireMoney(left))}
      </Typography>
      <FormFields
        control={form.control}
        fields={[
          { name: 'amount', label: INVOICE_WEB_TEXT.amount, type: 'money', testId: 'refund-amount' },
          {
            name: 'reason',
            label: INVOICE_WEB_TEXT.refundReason,
            type: 'multiline',
            minRows: 2,
            testId: 'refund-reason',
          },
        ]}
      />
      {asks && (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <FormControl sx={{ mt: 1 }}>
              <FormLabel id="refund-kind-label">{INVOICE_WEB_TEXT.refundKind}</FormLabel>
              <RadioGroup {...field} aria-labelledby="refund-kind-label" data-testid="refund-kind">
                {KINDS.map((k) => (
                  <FormControlLabel
                    key={k.value}
                    value={k.value}
                    control={<Radio />}
                    label={
                      <>
                        <Typography variant="body2">{k.label}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {k.help}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      )}
    </FormDialog>
  );
}
