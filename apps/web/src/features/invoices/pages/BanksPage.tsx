import { type Bank, bankCreateSchema, bankVerifySchema, INVOICE_WEB_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { loadStripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddButton } from '../../../components/AddButton.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormFields } from '../../../components/form/FormFields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useCreateBank, useMyBanks, useStripeKey, useVerifyBank } from '../api.ts';
import { StatusChip } from '../components/StatusChip.tsx';

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

/** Add: the server makes a SetupIntent; Stripe.js collects the account (no number reaches us). */
function AddBankDialog({ onClose }: { onClose: () => void }) {
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
      const bank = await create.mutateAsync({
        account_holder_name: v.account_holder_name,
        account_holder_type: v.account_holder_type as 'individual' | 'company',
      });
      const stripe = pk && bank.client_secret ? await loadStripe(pk) : null;
      if (stripe && bank.client_secret) {
        await stripe.collectBankAccountForSetup({
          clientSecret: bank.client_secret,
          params: {
            payment_method_type: 'us_bank_account',
            payment_method_data: { billing_details: { name: v.account_holder_name } },
          },
        });
        await stripe.confirmUsBankAccountSetup(bank.client_secret);
      }
      return INVOICE_WEB_TEXT.addBank;
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
    >
      <FormFields
        control={form.control}
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
    </FormDialog>
  );
}

function VerifyDialog({ bank, onClose }: { bank: Bank; onClose: () => void }) {
  const verify = useVerifyBank();
  const form = useForm<{ first: string; second: string }>({
    resolver: bodyResolver(bankVerifySchema, (v) => ({ micro_deposits: [v.first, v.second] }), {
      fieldOf: (path) => (path === 'micro_deposits.1' ? 'second' : 'first'),
    }),
    defaultValues: { first: '', second: '' },
  });
  const dialog = useDialogSubmit(
    form,
    ['first', 'second'],
    async (v) => {
      await verify.mutateAsync({ id: bank.id, micro_deposits: [v.first, v.second] });
      return INVOICE_WEB_TEXT.statusLabels.SUCCEEDED;
    },
    { onClose, pending: verify.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.verifyTitle}
      submitLabel={INVOICE_WEB_TEXT.verify}
      maxWidth="xs"
      testId="verify-bank-dialog"
      notice={INVOICE_WEB_TEXT.verifyHelp}
    >
      <FormFields
        control={form.control}
        fields={[
          {
            name: 'first',
            label: INVOICE_WEB_TEXT.deposit1,
            inputMode: 'decimal',
            autoFocus: true,
            testId: 'deposit-1',
          },
          { name: 'second', label: INVOICE_WEB_TEXT.deposit2, inputMode: 'decimal', testId: 'deposit-2' },
        ]}
      />
    </FormDialog>
  );
}

/** /settings/banks: a customer's (a manager: the company's) bank accounts for ACH, verified by micro-deposits. */
export default function BanksPage() {
  const banks = useMyBanks();
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<Bank | null>(null);
  return (
    <>
      <PageHeader
        actions={
          <AddButton variant="contained" onClick={() => setAdding(true)} data-testid="add-bank">
            {INVOICE_WEB_TEXT.addBank}
          </AddButton>
        }
      />
      <Card>
        <DataTable
          rows={banks.data?.results ?? []}
          loading={banks.isPending}
          columns={columns}
          emptyText={INVOICE_WEB_TEXT.noBanks}
          testId="banks-table"
          rowTestId={(b) => `bank-${b.id}`}
          rowActions={(b) =>
            b.status === 'PENDING_VERIFICATION' ? (
              <Button size="small" onClick={() => setVerifying(b)} data-testid="verify-bank">
                {INVOICE_WEB_TEXT.verify}
              </Button>
            ) : null
          }
        />
      </Card>
      {adding && <AddBankDialog onClose={() => setAdding(false)} />}
      {verifying && <VerifyDialog bank={verifying} onClose={() => setVerifying(null)} />}
    </>
  );
}
