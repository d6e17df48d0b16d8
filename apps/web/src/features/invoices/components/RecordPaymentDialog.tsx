import {
  formatWireMoney,
  INVOICE_WEB_TEXT,
  MANUAL_PAY_METHODS,
  type Milestone,
  parseMoney,
  payBodySchema,
  todayIn,
  toWire,
} from '@cab/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { type CreditParty, useCredits, usePay } from '../api.ts';

interface Values {
  method: string;
  amount: string;
  reference: string;
  received_on: string;
  notes: string;
  credit_memo: string;
}

const toBody = (v: Values) => ({
  method: v.method,
  amount: v.amount,
  reference: v.reference,
  received_on: v.received_on,
  notes: v.notes,
  credit_memo: v.method === 'CREDIT' ? v.credit_memo : '',
  // One key per dialog: a double click records one payment.
  idempotency_key: KEY,
});
let KEY = '';

/** The smaller of two wire amounts (what a memo can pay of a balance). */
function smaller(a: string, b: string): string {
  const x = parseMoney(a);
  const y = parseMoney(b);
  if (x === null || y === null) return b;
  return toWire(x < y ? x : y);
}

/** ADMIN: records a check, cash or wire payment, or applies a credit memo, on one milestone. */
export function RecordPaymentDialog({
  milestone,
  party,
  onClose,
}: {
  milestone: Milestone;
  party: CreditParty;
  onClose: () => void;
}) {
  const pay = usePay(milestone.id, { form: true });
  const credits = useCredits(party);
  KEY ||= `rec-${milestone.id}-${Date.now()}`;
  const form = useForm<Values>({
    resolver: bodyResolver(payBodySchema, toBody),
    defaultValues: {
      method: 'CHECK',
      amount: milestone.balance,
      reference: '',
      received_on: todayIn(),
      notes: '',
      credit_memo: '',
    },
  });
  const method = form.watch('method');
  const memos = (credits.data?.results ?? []).filter((m) => m.status === 'ACTIVE' && m.available !== '0.00');
  const memoId = form.watch('credit_memo');
  const chosen = method === 'CREDIT' ? memos.find((m) => String(m.id) === memoId) : undefined;
  // A memo pays what it holds, at most the balance: the amount follows the memo chosen, and goes
  // back to the balance for any other method.
  const prefill = chosen ? smaller(chosen.available, milestone.balance) : milestone.balance;
  const { setValue } = form;
  useEffect(() => {
    setValue('amount', prefill);
  }, [prefill, setValue]);
  const close = () => {
    KEY = '';
    onClose();
  };
  const dialog = useDialogSubmit(
    form,
    ['method', 'amount', 'reference', 'received_on', 'notes', 'credit_memo'],
    async (values) => {
      await pay.mutateAsync(payBodySchema.parse(toBody(values)));
      return INVOICE_WEB_TEXT.statusLabels.SUCCEEDED;
    },
    { onClose: close, pending: pay.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.recordPaymentTitle(milestone.label)}
      submitLabel={INVOICE_WEB_TEXT.recordPayment}
      testId="record-payment-dialog"
      fields={[
        {
          name: 'method',
          label: INVOICE_WEB_TEXT.method,
          type: 'select',
          options: MANUAL_PAY_METHODS,
          labels: INVOICE_WEB_TEXT.methodLabels,
          testId: 'payment-method',
        },
        method === 'CREDIT' && {
          name: 'credit_memo',
          label: INVOICE_WEB_TEXT.creditMemo,
          type: 'select',
          options: memos.map((m) => String(m.id)),
          labels: Object.fromEntries(
            memos.map((m) => [String(m.id), `#${m.id} ${formatWireMoney(m.available)} ${m.notes}`]),
          ),
          testId: 'payment-credit-memo',
        },
        { name: 'amount', label: INVOICE_WEB_TEXT.amount, type: 'money', testId: 'payment-amount' },
        method !== 'CREDIT' && { name: 'reference', label: INVOICE_WEB_TEXT.reference, testId: 'payment-reference' },
        method !== 'CREDIT' && {
          name: 'received_on',
          label: INVOICE_WEB_TEXT.receivedOn,
          type: 'date',
          testId: 'payment-received-on',
        },
        { name: 'notes', label: INVOICE_WEB_TEXT.notes, type: 'multiline', minRows: 2 },
      ]}
    />
  );
}
