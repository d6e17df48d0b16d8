import {
  formatWireMoney,
  INVOICE_WEB_TEXT,
  type InvoiceDetail,
  type Milestone,
  type Payment,
  ROLE_GROUPS,
} from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useInRoleGroup } from '../../auth/index.ts';
import { downloadInvoicePdf, useInvoice } from '../api.ts';
import { amountStackColumn } from '../components/amountStackColumn.tsx';
import { CreditAvailable, creditPageOf, useMyCreditParty } from '../components/CreditAvailable.tsx';
import { PaymentPapers } from '../components/PaymentPapers.tsx';
import { paymentDate } from '../components/paymentDate.ts';
import { RecordPaymentDialog } from '../components/RecordPaymentDialog.tsx';
import { RefundDialog, refundLeft } from '../components/RefundDialog.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { usePhone } from '../components/usePhone.ts';

/**
 * Under the payments: each overpayment (a success that arrived after its milestone was paid,
 * turned into credit) flagged with a refund at one click, and every refund with its status.
 */
function PaymentRefunds({
  payments,
  onRefund,
}: {
  payments: Payment[];
  onRefund?: (p: Payment, amount: string) => void;
}) {
  const overpaid = payments.filter((p) => p.overpayment && refundLeft(p) !== '0.00');
  const refunds = payments.flatMap((p) => p.refunds.map((r) => ({ ...r, method: p.method })));
  if (overpaid.length === 0 && refunds.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      {overpaid.map((p) => (
        <Alert
          key={p.id}
          severity="warning"
          sx={{ mb: 1 }}
          data-testid={`overpayment-${p.id}`}
          action={
            onRefund && (
              <Button color="inherit" size="small" onClick={() => onRefund(p, p.overpayment!.amount)}>
                {INVOICE_WEB_TEXT.refundOverpayment(formatWireMoney(p.overpayment!.amount))}
              </Button>
            )
          }
        >
          {INVOICE_WEB_TEXT.overpaymentFlag(
            formatWireMoney(p.overpayment!.amount),
            INVOICE_WEB_TEXT.methodLabels[p.method],
            p.overpayment!.credit_memo,
          )}
        </Alert>
      ))}
      {refunds.length > 0 && (
        <Box data-testid="invoice-refunds">
          <Typography variant="subtitle1">{INVOICE_WEB_TEXT.refunds}</Typography>
          {refunds.map((r) => (
            <Typography key={r.id} variant="body2">
              {formatDateTime(r.created_at)} · {INVOICE_WEB_TEXT.methodLabels[r.method]} ·{' '}
              {INVOICE_WEB_TEXT.refundRow(formatWireMoney(r.amount), r.reason)} (
              {INVOICE_WEB_TEXT.statusLabels[r.status]}){r.credit_note ? ` · ${INVOICE_WEB_TEXT.creditNoteTag}` : ''}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A card attempt that was abandoned, refused or cancelled: shown muted, never as money taken. */
const DEAD_PAYMENT = new Set<string>(['FAILED', 'CANCELED']);
const dim = (p: Payment, node: ReactNode) =>
  DEAD_PAYMENT.has(p.status) ? (
    <Box component="span" sx={{ color: 'text.disabled' }}>
      {node}
    </Box>
  ) : (
    node
  );
const paymentStatus = (p: Payment) => (
  <StatusChip status={p.status} testId="payment-status" muted={DEAD_PAYMENT.has(p.status)} />
);

const paymentColumns: DataColumn<Payment>[] = [
  {
    key: 'date',
    header: INVOICE_WEB_TEXT.date,
    noWrap: true,
    render: (p) => dim(p, paymentDate(p)),
  },
  { key: 'method', header: INVOICE_WEB_TEXT.method, render: (p) => dim(p, INVOICE_WEB_TEXT.methodLabels[p.method]) },
  { key: 'reference', header: INVOICE_WEB_TEXT.reference, render: (p) => dim(p, p.reference) },
  {
    key: 'amount',
    header: INVOICE_WEB_TEXT.amount,
    align: 'right',
    render: (p) => dim(p, formatWireMoney(p.amount)),
  },
  { key: 'status', header: INVOICE_WEB_TEXT.status, render: paymentStatus },
];

/** On a phone: when and how, then how much and its status. */
const phonePaymentColumns: DataColumn<Payment>[] = [
  {
    key: 'date',
    header: INVOICE_WEB_TEXT.date,
    render: (p) => (
      <>
        <Typography variant="body2">{dim(p, INVOICE_WEB_TEXT.methodLabels[p.method])}</Typography>
        <Typography variant="caption" color="text.secondary">
          {paymentDate(p)}
        </Typography>
      </>
    ),
  },
  amountStackColumn('amount', INVOICE_WEB_TEXT.amount, (p) => (
    <>
      <span>{dim(p, formatWireMoney(p.amount))}</span>
      {paymentStatus(p)}
    </>
  )),
];

type Charge = InvoiceDetail['charges'][number];

/** Overdue interest and storage fees posted by the daily job (decision 0035). */
const chargeColumns = (milestones: Milestone[]): DataColumn<Charge>[] => [
  { key: 'date', header: INVOICE_WEB_TEXT.date, noWrap: true, render: (c) => formatDay(c.date) },
  {
    key: 'kind',
    header: INVOICE_WEB_TEXT.chargeColumn,
    render: (c) => <span data-testid="charge-kind">{INVOICE_WEB_TEXT.chargeKindLabels[c.kind]}</span>,
  },
  {
    key: 'milestone',
    header: INVOICE_WEB_TEXT.milestoneColumn,
    render: (c) => milestones.find((m) => m.id === c.milestone)?.label ?? '',
  },
  { key: 'notes', header: INVOICE_WEB_TEXT.notesColumn, minWidth: 180, render: (c) => c.notes },
  { key: 'amount', header: INVOICE_WEB_TEXT.amount, align: 'right', render: (c) => formatWireMoney(c.amount) },
];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The milestones on a phone (m4 of the finance walk): one stacked card each, its balance and
 * status beside its Pay, so a customer sees what a row asks before pressing Pay.
 */
function MilestoneCards({ milestones, action }: { milestones: Milestone[]; action: (m: Milestone) => ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="milestones-table">
      {milestones.map((m) => (
        <Box
          key={m.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          data-testid={`milestone-${m.seq}`}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2">
              {m.label} · {m.percentage} %
            </Typography>
            <StatusChip status={m.status} testId="milestone-status" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, mt: 1 }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {INVOICE_WEB_TEXT.balance}
              </Typography>
              <Typography variant="h6" component="div" data-testid="milestone-balance">
                {formatWireMoney(m.balance)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {INVOICE_WEB_TEXT.amount} {formatWireMoney(m.amount)}
                {m.interest_fees !== '0.00'
                  ? ` · ${INVOICE_WEB_TEXT.interestFees} ${formatWireMoney(m.interest_fees)}`
                  : ''}
                {m.due_date ? ` · ${INVOICE_WEB_TEXT.dueDate} ${formatDay(m.due_date)}` : ''}
              </Typography>
            </Box>
            {action(m)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const admin = useInRoleGroup(ROLE_GROUPS.admin);
  const [recording, setRecording] = useState<Milestone | null>(null);
  const [refunding, setRefunding] = useState<{ payment: Payment; amount?: string } | null>(null);
  const party = invoice.company
    ? { type: 'company' as const, id: invoice.company }
    : { type: 'customer' as const, id: invoice.customer };
  // Credit available: ADMIN the invoice party's, a customer its own (a manager the company's).
  const myCredit = useMyCreditParty();
  const creditParty = admin ? party : myCredit;
  const milestoneColumns: DataColumn<Milestone>[] = [
    { key: 'label', header: INVOICE_WEB_TEXT.milestone, render: (m) => m.label },
    { key: 'share', header: INVOICE_WEB_TEXT.share, align: 'right', render: (m) => `${m.percentage} %` },
    { key: 'amount', header: INVOICE_WEB_TEXT.amount, align: 'right', render: (m) => formatWireMoney(m.amount) },
    {
      key: 'interest_fees',
      header: INVOICE_WEB_TEXT.interestFees,
      align: 'right',
      render: (m) => <span data-testid="milestone-interest-fees">{formatWireMoney(m.interest_fees)}</span>,
    },
    { key: 'paid', header: INVOICE_WEB_TEXT.paid, align: 'right', render: (m) => formatWireMoney(m.paid) },
    { key: 'credited', header: INVOICE_WEB_TEXT.credited, align: 'right', render: (m) => formatWireMoney(m.credited) },
    {
      key: 'balance',
      header: INVOICE_WEB_TEXT.balance,
      align: 'right',
      render: (m) => <span data-testid="milestone-balance">{formatWireMoney(m.balance)}</span>,
    },
    { key: 'due', header: INVOICE_WEB_TEXT.dueDate, noWrap: true, render: (m) => formatDay(m.due_date) },
    {
      key: 'status',
      header: INVOICE_WEB_TEXT.status,
      render: (m) => <StatusChip status={m.status} testId="milestone-status" />,
    },
  ];
  const open = (m: Milestone) => m.status !== 'PAID' && m.status !== 'VOID';
  const phone = usePhone();
  const milestoneAction = (m: Milestone) =>
    !open(m) || invoice.superseded_at ? null : admin ? (
      <Button size="small" onClick={() => setRecording(m)} data-testid="record-payment">
        {INVOICE_WEB_TEXT.recordPayment}
      </Button>
    ) : (
      <Button size="small" component={RouterLink} to={`/invoices/milestone/${m.id}/pay`} data-testid="pay-milestone">
        {INVOICE_WEB_TEXT.pay}
      </Button>
    );
  return (
    <>
      <PageHeader
        title={`${INVOICE_WEB_TEXT.number} ${invoice.number}`}
        subtitle={
          <>
            <Link component={RouterLink} to={`/orders/${invoice.order.id}`}>
              {invoice.order.name}
            </Link>{' '}
            · {invoice.customer_display} · {formatDateTime(invoice.issued_at)}
          </>
        }
        actions={
          <>
            <StatusChip status={invoice.status} testId="invoice-status" />
            <Button
              variant="outlined"
              onClick={() => void downloadInvoicePdf(invoice.id, invoice.number)}
              data-testid="invoice-pdf"
            >
              {INVOICE_WEB_TEXT.pdf}
            </Button>
          </>
        }
      />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Figure label={INVOICE_WEB_TEXT.total} value={formatWireMoney(invoice.total)} testId="invoice-total" />
          {/* Between the total and the balance, so the page foots: total + interest and fees − paid − credited. */}
          <Figure
            label={INVOICE_WEB_TEXT.interestFees}
            value={formatWireMoney(invoice.interest_fees)}
            testId="invoice-interest-fees"
          />
          <Figure label={INVOICE_WEB_TEXT.paid} value={formatWireMoney(invoice.paid)} testId="invoice-paid" />
          <Figure
            label={INVOICE_WEB_TEXT.credited}
            value={formatWireMoney(invoice.credited)}
            testId="invoice-credited"
          />
          <Figure label={INVOICE_WEB_TEXT.balance} value={formatWireMoney(invoice.balance)} testId="invoice-balance" />
          {creditParty && <CreditAvailable party={creditParty} href={creditPageOf(creditParty, !admin)} />}
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {INVOICE_WEB_TEXT.milestones}
          </Typography>
          {phone ? (
            <MilestoneCards milestones={invoice.milestones} action={milestoneAction} />
          ) : (
            <DataTable
              rows={invoice.milestones}
              columns={milestoneColumns}
              testId="milestones-table"
              rowTestId={(m) => `milestone-${m.seq}`}
              rowActions={milestoneAction}
            />
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {INVOICE_WEB_TEXT.payments}
          </Typography>
          <DataTable
            rows={invoice.payments}
            columns={phone ? phonePaymentColumns : paymentColumns}
            emptyText={INVOICE_WEB_TEXT.noPayments}
            testId="payments-table"
            rowActions={(p) => (
              <>
                <PaymentPapers payment={p} />
                {admin && p.status === 'SUCCEEDED' && refundLeft(p) !== '0.00' && (
                  <Button size="small" data-testid={`refund-${p.id}`} onClick={() => setRefunding({ payment: p })}>
                    {INVOICE_WEB_TEXT.refund}
                  </Button>
                )}
              </>
            )}
          />
          <PaymentRefunds
            payments={invoice.payments}
            onRefund={admin ? (payment, amount) => setRefunding({ payment, amount }) : undefined}
          />
          {invoice.credits.length > 0 && (
            <Box sx={{ mt: 2 }} data-testid="invoice-credits">
              <Typography variant="subtitle1">{INVOICE_WEB_TEXT.credits}</Typography>
              {invoice.credits.map((c) => (
                <Typography key={`${c.credit_memo}-${c.milestone}-${c.amount}`} variant="body2">
                  {INVOICE_WEB_TEXT.creditMemo} #{c.credit_memo}: {formatWireMoney(c.amount)} (
                  {INVOICE_WEB_TEXT.statusLabels[c.status]})
                </Typography>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      {invoice.charges.length > 0 && (
        <Card sx={{ mt: 3 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {INVOICE_WEB_TEXT.charges}
            </Typography>
            <DataTable rows={invoice.charges} columns={chargeColumns(invoice.milestones)} testId="charges-table" />
          </CardContent>
        </Card>
      )}
      {invoice.versions.length > 1 && (
        <Card sx={{ mt: 3 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {INVOICE_WEB_TEXT.versions}
            </Typography>
            {invoice.versions.map((v) => (
              <Typography key={v.id} variant="body2">
                <Link component={RouterLink} to={`/invoices/${v.id}`}>
                  {v.number}
                </Link>{' '}
                · {INVOICE_WEB_TEXT.version(v.version)} · {formatDateTime(v.issued_at)} · {formatWireMoney(v.total)}
                {v.superseded_at ? ` · ${INVOICE_WEB_TEXT.superseded}` : ''}
              </Typography>
            ))}
          </CardContent>
        </Card>
      )}
      {recording && <RecordPaymentDialog milestone={recording} party={party} onClose={() => setRecording(null)} />}
      {refunding && (
        <RefundDialog payment={refunding.payment} amount={refunding.amount} onClose={() => setRefunding(null)} />
      )}
    </>
  );
}

/** /invoices/:id: the invoice with its milestones, payments, credits, versions and PDF. */
export default function InvoicePage() {
  const id = Number(useParams().id);
  const query = useInvoice(id);
  return <QueryState query={query}>{(invoice) => <InvoiceView invoice={invoice} />}</QueryState>;
}
