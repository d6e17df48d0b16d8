import {
  type Deposit,
  formatWireMoney,
  INVOICE_PDF_TEXT,
  INVOICE_WEB_TEXT,
  type Payout,
  type PayoutLine,
  PAYOUTS_TEXT as T,
} from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateRangeFilter, sentRange } from '../../../components/data-table/DateRangeFilter.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/index.ts';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDay } from '../../../lib/format.ts';
import { type PayoutFilters, useDeposits, usePayouts } from '../reportsApi.ts';

const DEFAULTS: PayoutFilters = { date_after: '', date_before: '' };

/** Our payment (or refund) a line is, linked to its invoice. */
function ours(payment: PayoutLine['payment'], refund: number | null) {
  if (!payment) return '';
  return (
    <>
      <Link component={RouterLink} to={`/invoices/${payment.invoice.id}`}>
        {payment.invoice.number}
      </Link>{' '}
      {refund !== null ? T.refundOf(refund) : INVOICE_PDF_TEXT.receiptNumber(payment.id)} · {payment.payer}
    </>
  );
}

const lineColumns: DataColumn<PayoutLine>[] = [
  { key: 'date', header: T.date, noWrap: true, render: (l) => formatDay(l.date) },
  { key: 'type', header: T.type, render: (l) => l.type },
  { key: 'source', header: T.source, render: (l) => <code>{l.source}</code> },
  { key: 'payment', header: T.payment, render: (l) => ours(l.payment, l.refund) },
  { key: 'gross', header: T.gross, align: 'right', noWrap: true, render: (l) => formatWireMoney(l.gross) },
  { key: 'fee', header: T.fees, align: 'right', noWrap: true, render: (l) => formatWireMoney(l.fee) },
  { key: 'net', header: T.net, align: 'right', noWrap: true, render: (l) => formatWireMoney(l.net) },
  {
    key: 'flag',
    header: '',
    render: (l) => (l.flag ? <Chip size="small" color="warning" label={T.flags[l.flag]} /> : ''),
  },
];

function PayoutCard({ payout }: { payout: Payout }) {
  return (
    <Card variant="outlined" data-testid={`payout-${payout.id}`}>
      <CardHeader
        title={`${formatDay(payout.arrival_date)} · ${formatWireMoney(payout.amount)}`}
        subheader={`${T.gross} ${formatWireMoney(payout.gross)} · ${T.fees} ${formatWireMoney(payout.fees)} · ${T.net} ${formatWireMoney(payout.net)} · ${payout.status}`}
        action={
          <Chip
            size="small"
            color={payout.flagged ? 'warning' : 'success'}
            label={payout.flagged ? T.flagged(payout.flagged) : T.allMatched}
          />
        }
      />
      <DataTable
        columns={lineColumns}
        rows={payout.lines}
        getRowId={(l) => l.id}
        rowTestId={(l) => `payout-line-${l.id}`}
      />
    </Card>
  );
}

const depositColumns: DataColumn<Deposit['payments'][number]>[] = [
  {
    key: 'invoice',
    header: T.invoice,
    render: (p) => (
      <Link component={RouterLink} to={`/invoices/${p.invoice.id}`}>
        {p.invoice.number}
      </Link>
    ),
  },
  { key: 'method', header: INVOICE_WEB_TEXT.method, render: (p) => INVOICE_WEB_TEXT.methodLabels[p.method] },
  { key: 'reference', header: T.reference, render: (p) => p.reference },
  { key: 'payer', header: T.payer, render: (p) => p.payer },
  { key: 'amount', header: T.amount, align: 'right', noWrap: true, render: (p) => formatWireMoney(p.amount) },
];

/**
 * /finance/payouts (ADMIN, issue 34): what reached the bank, to match the statement line by line.
 * Stripe's payouts (with keys) with the card and bank payments in each, gross, fees and net, each
 * matched to our payment or flagged; then the checks and cash, one deposit per received day.
 */
export default function PayoutsPage() {
  const [filters, update] = useSearchState<PayoutFilters>({ key: 'finance.payouts', defaults: DEFAULTS });
  const range = sentRange(filters);
  const payouts = usePayouts(range);
  const deposits = useDeposits(range);
  return (
    <>
      <PageHeader />
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <DateRangeFilter value={filters} onChange={(patch) => update(patch)} testId="payouts-range" />
        </Box>
        <Card data-testid="payouts">
          <CardHeader title={T.payoutsTitle} />
          <CardContent sx={{ pt: 0 }}>
            <QueryState query={payouts}>
              {(data) =>
                !data.configured ? (
                  <Alert severity="info">{T.notConfigured}</Alert>
                ) : data.results.length === 0 ? (
                  <Typography color="text.secondary">{T.noPayouts}</Typography>
                ) : (
                  <Stack spacing={2}>
                    {data.results.map((p) => (
                      <PayoutCard key={p.id} payout={p} />
                    ))}
                  </Stack>
                )
              }
            </QueryState>
          </CardContent>
        </Card>
        <Card data-testid="deposits">
          <CardHeader title={T.depositsTitle} />
          <CardContent sx={{ pt: 0 }}>
            <QueryState query={deposits}>
              {(data) =>
                data.results.length === 0 ? (
                  <Typography color="text.secondary">{T.noDeposits}</Typography>
                ) : (
                  <Stack spacing={2}>
                    {data.results.map((d) => (
                      <Card key={d.date} variant="outlined" data-testid={`deposit-${d.date}`}>
                        <CardHeader
                          title={`${formatDay(d.date)} · ${formatWireMoney(d.amount)}`}
                          subheader={`${T.count}: ${d.count}`}
                        />
                        <DataTable columns={depositColumns} rows={d.payments} getRowId={(p) => p.id} />
                      </Card>
                    ))}
                    <Typography sx={{ fontWeight: 600 }} data-testid="deposits-total">
                      {T.depositsTotal}: {formatWireMoney(data.total)}
                    </Typography>
                  </Stack>
                )
              }
            </QueryState>
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
