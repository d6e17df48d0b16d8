import {
  type CreditMemo,
  creditBodySchema,
  formatWireMoney,
  INVOICE_WEB_TEXT,
  ROLE_GROUPS,
  reverseBodySchema,
} from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { bodyResolver, useDialogSubmit } from '../../../lib/forms.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { type CreditParty, useCreateCredit, useCredits, useReverseCredit } from '../api.ts';
import { StatusChip } from './StatusChip.tsx';

function GiveCreditDialog({ party, name, onClose }: { party: CreditParty; name: string; onClose: () => void }) {
  const create = useCreateCredit(party);
  const form = useForm<{ amount: string; notes: string }>({
    resolver: bodyResolver(creditBodySchema, (v) => v),
    defaultValues: { amount: '', notes: '' },
  });
  const dialog = useDialogSubmit(
    form,
    ['amount', 'notes'],
    async (v) => {
      await create.mutateAsync(v);
      return INVOICE_WEB_TEXT.credit;
    },
    { onClose, pending: create.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.giveCreditTitle(name)}
      submitLabel={INVOICE_WEB_TEXT.giveCredit}
      maxWidth="xs"
      testId="give-credit-dialog"
      fields={[
        { name: 'amount', label: INVOICE_WEB_TEXT.amount, type: 'money', autoFocus: true, testId: 'credit-amount' },
        { name: 'notes', label: INVOICE_WEB_TEXT.notes, type: 'multiline', minRows: 2, testId: 'credit-notes' },
      ]}
    />
  );
}

function ReverseDialog({ memo, onClose }: { memo: CreditMemo; onClose: () => void }) {
  const reverse = useReverseCredit();
  const form = useForm<{ notes: string }>({
    resolver: bodyResolver(reverseBodySchema, (v) => v),
    defaultValues: { notes: '' },
  });
  const dialog = useDialogSubmit(
    form,
    ['notes'],
    async (v) => {
      await reverse.mutateAsync({ id: memo.id, notes: v.notes });
      return INVOICE_WEB_TEXT.statusLabels.REVERSED;
    },
    { onClose, pending: reverse.isPending },
  );
  return (
    <FormDialog
      {...dialog}
      title={INVOICE_WEB_TEXT.reverseTitle}
      submitLabel={INVOICE_WEB_TEXT.reverse}
      maxWidth="xs"
      testId="reverse-credit-dialog"
      notice={INVOICE_WEB_TEXT.reverseNotice}
      fields={[
        {
          name: 'notes',
          label: INVOICE_WEB_TEXT.notes,
          type: 'multiline',
          minRows: 2,
          required: true,
          testId: 'reverse-notes',
        },
      ]}
    />
  );
}

/** A customer's or company's credit memos, with Give credit and Reverse for ADMIN. */
export function CreditPanel({ party, name }: { party: CreditParty; name: string }) {
  const admin = useInRoleGroup(ROLE_GROUPS.admin);
  const credits = useCredits(party);
  const [giving, setGiving] = useState(false);
  const [reversing, setReversing] = useState<CreditMemo | null>(null);
  const columns: DataColumn<CreditMemo>[] = [
    { key: 'id', header: '#', render: (m) => m.id },
    { key: 'created', header: INVOICE_WEB_TEXT.date, noWrap: true, render: (m) => formatDateTime(m.created_at) },
    { key: 'amount', header: INVOICE_WEB_TEXT.amount, align: 'right', render: (m) => formatWireMoney(m.amount) },
    { key: 'applied', header: INVOICE_WEB_TEXT.applied, align: 'right', render: (m) => formatWireMoney(m.applied) },
    {
      key: 'available',
      header: INVOICE_WEB_TEXT.available,
      align: 'right',
      render: (m) => formatWireMoney(m.available),
    },
    {
      key: 'notes',
      header: INVOICE_WEB_TEXT.notes,
      render: (m) => (m.reversal_notes ? `${m.notes} / ${m.reversal_notes}` : m.notes),
    },
    {
      key: 'status',
      header: INVOICE_WEB_TEXT.status,
      render: (m) => <StatusChip status={m.status} testId="credit-status" />,
    },
  ];
  return (
    <Card sx={{ mt: 3 }} data-testid="credit-panel">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6">
            {INVOICE_WEB_TEXT.credit}
            {credits.data ? ` · ${INVOICE_WEB_TEXT.creditAvailable(formatWireMoney(credits.data.available))}` : ''}
          </Typography>
          {admin && (
            <Button variant="outlined" onClick={() => setGiving(true)} data-testid="give-credit">
              {INVOICE_WEB_TEXT.giveCredit}
            </Button>
          )}
        </Box>
        <DataTable
          rows={credits.data?.results ?? []}
          loading={credits.isPending}
          columns={columns}
          emptyText={INVOICE_WEB_TEXT.noCredit}
          testId="credits-table"
          rowTestId={(m) => `credit-${m.id}`}
          rowActions={(m) =>
            admin && m.status === 'ACTIVE' ? (
              <Button size="small" color="warning" onClick={() => setReversing(m)} data-testid="reverse-credit">
                {INVOICE_WEB_TEXT.reverse}
              </Button>
            ) : null
          }
        />
      </CardContent>
      {giving && <GiveCreditDialog party={party} name={name} onClose={() => setGiving(false)} />}
      {reversing && <ReverseDialog memo={reversing} onClose={() => setReversing(null)} />}
    </Card>
  );
}
