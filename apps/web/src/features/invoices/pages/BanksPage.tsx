import { type Bank, bankCreateSchema, bankVerifySchema, INVOICE_TEXT, INVOICE_WEB_TEXT, NOTIFY_MS } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { invoiceKeys, useCreateBank, useMyBanks, useStripeKey, useVerifyBank } from '../api.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { stripeFor } from '../stripe.ts';

const columns: DataColumn<Bank>[] = [
  { key: 'holder', header: INVOICE_WEB_TEXT.holderName, render: (b) => b.account_holder_name },
  { key: 'bank', header: INVOICE_WEB_TEXT.bankName, render: (b) => b.bank_name },
  { key: 'last4', header: INVOICE_WEB_TEXT.last4, render: (b) => (b.last4 ? `···${b.last4}` : '') },
  { key: 'created', header: INVOICE_WEB_TEXT.date, noWrap: true, render: (b) => formatDateTime(b.created_at) },
  {
    key: 'status',
    header: INVOICE_WEB_TEXT.status,
    render: (b) => <StatusChip status={b.status} testId="bank-status" />,
  },
];

interface AddValues {
  account_holder_name: string;
  account_holder_type: string;
}

/** What the dialog hands on once the server made the account: Stripe.js and the SetupIntent's secret. */
interface Created {
  stripe: Stripe;
  clientSecret: string;
  name: string;
}

/**
 * Add: Stripe.js is loaded first (a blocked script must not leave a half-made account behind), then
 * the server makes a SetupIntent. The dialog closes before Stripe's own window collects the account:
 * a modal dialog would keep the keyboard from Stripe's frame.
 */
function AddBankDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const create = useCreateBank();
  const pk = useStripeKey().data?.pk ?? '';
  const form = useForm<AddValues>({
    resolver: bodyResolver(bankCreateSchema, (v) => v),
    defaultValues: { account_holder_name: '', account_holder_type: 'individual' },
  });
  const dialog = useDialogSubmit(
    form,
    ['account_holder_name', 'account_holder_type'],
    async (v) => {
      const stripe = await stripeFor(pk).catch(() => null);
      if (!stripe) {
        form.setError('root.server', { type: 'stripe', message: INVOICE_WEB_TEXT.stripeLoadFailed });
        throw new Error(INVOICE_WEB_TEXT.stripeLoadFailed);
      }
      const bank = await create.mutateAsync({
        account_holder_name: v.account_holder_name,
        account_holder_type: v.account_holder_type as 'individual' | 'company',
      });
      if (bank.client_secret) onCreated({ stripe, clientSecret: bank.client_secret, name: v.account_holder_name });
      return undefined;
    },
    { onClose, pending: create.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.addBank}
      submitLabel={INVOICE_WEB_TEXT.connectBank}
      maxWidth="xs"
      testId="add-bank-dialog"
      fields={[
        { name: 'account_holder_name', label: INVOICE_WEB_TEXT.holderName, required: true, autoFocus: true },
        {
          name: 'account_holder_type',
          label: INVOICE_WEB_TEXT.holderType,
          type: 'select',
          options: ['individual', 'company'],
          labels: INVOICE_WEB_TEXT.holderTypes,
        },
      ]}
    />
  );
}

/** The two deposits' fields of `micro_deposits` (and of its errors). */
const fieldOf = (path: string) => (path === 'micro_deposits.1' ? ('second' as const) : ('first' as const));

function VerifyDialog({ bank, onClose }: { bank: Bank; onClose: () => void }) {
  const verify = useVerifyBank();
  const form = useForm<{ first: string; second: string }>({
    resolver: bodyResolver(bankVerifySchema, (v) => ({ micro_deposits: [v.first, v.second] }), { fieldOf }),
    defaultValues: { first: '', second: '' },
  });
  const dialog = useDialogSubmit(
    form,
    ['first', 'second'],
    async (v) => {
      await verify.mutateAsync({ id: bank.id, micro_deposits: [v.first, v.second] });
      return INVOICE_WEB_TEXT.statusLabels.SUCCEEDED;
    },
    // The server's "amounts do not match" lands under the fields, once (no popup besides).
    { onClose, pending: verify.isPending, fieldOf },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.verifyTitle}
      submitLabel={INVOICE_WEB_TEXT.verify}
      maxWidth="xs"
      testId="verify-bank-dialog"
      notice={INVOICE_WEB_TEXT.verifyHelp}
      fields={[
        { name: 'first', label: INVOICE_WEB_TEXT.deposit1, type: 'money', autoFocus: true, testId: 'deposit-1' },
        { name: 'second', label: INVOICE_WEB_TEXT.deposit2, type: 'money', testId: 'deposit-2' },
      ]}
    />
  );
}

/**
 * /settings/banks: a customer's (a manager: the company's) bank accounts for ACH, verified by
 * micro-deposits. Without Stripe it says so up front and offers no form that can only fail.
 */
export default function BanksPage() {
  const banks = useMyBanks();
  const config = useStripeKey();
  const configured = Boolean(config.data?.pk);
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<Bank | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  // Stripe's window collects the account and starts the micro-deposits; its answer is shown here.
  const connect = async ({ stripe, clientSecret, name }: Created) => {
    const collected = await stripe.collectBankAccountForSetup({
      clientSecret,
      params: { payment_method_type: 'us_bank_account', payment_method_data: { billing_details: { name } } },
    });
    const confirmed =
      collected.error || collected.setupIntent.status === 'requires_payment_method'
        ? collected
        : await stripe.confirmUsBankAccountSetup(clientSecret);
    void client.invalidateQueries({ queryKey: invoiceKeys.banks.all });
    if (confirmed.error)
      enqueueSnackbar(confirmed.error.message ?? INVOICE_WEB_TEXT.paymentFailed, { variant: 'error' });
    else if (confirmed.setupIntent.status !== 'requires_payment_method')
      enqueueSnackbar(INVOICE_TEXT.bankAdded, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
  };
  return (
    <>
      <PageHeader
        actions={
          configured ? (
            <AddButton variant="contained" onClick={() => setAdding(true)} data-testid="add-bank">
              {INVOICE_WEB_TEXT.addBank}
            </AddButton>
          ) : undefined
        }
      />
      {config.isSuccess && !configured && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="stripe-not-configured">
          {INVOICE_WEB_TEXT.banksNotConfigured}
        </Alert>
      )}
      <Card>
        <DataTable
          rows={banks.data?.results ?? []}
          loading={banks.isPending}
          columns={columns}
          emptyText={INVOICE_WEB_TEXT.noBanks}
          testId="banks-table"
          rowTestId={(b) => `bank-${b.id}`}
          rowActions={(b) =>
            configured && b.status === 'PENDING_VERIFICATION' ? (
              <Button size="small" onClick={() => setVerifying(b)} data-testid="verify-bank">
                {INVOICE_WEB_TEXT.verify}
              </Button>
            ) : null
          }
        />
      </Card>
      {adding && configured && (
        <AddBankDialog
          onClose={() => setAdding(false)}
          onCreated={(created) =>
            void connect(created).catch(() => enqueueSnackbar(INVOICE_WEB_TEXT.stripeLoadFailed, { variant: 'error' }))
          }
        />
      )}
      {verifying && configured && <VerifyDialog bank={verifying} onClose={() => setVerifying(null)} />}
    </>
  );
}
