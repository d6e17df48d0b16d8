import { BOOKS_TEXT as B, formatWireMoney, NOTIFY_MS, STATEMENT_BUCKETS } from '@cab/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { DateRangeFields } from '../../../components/DateRangeFields.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SmallTable } from '../../../components/SmallTable.tsx';
import { useScrollFocus } from '../../../components/useScrollFocus.ts';
import { formatDay } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { type CreditParty, downloadStatement, type StatementRange, useMailStatement, useStatement } from '../api.ts';
import { useMyCreditParty } from '../components/CreditAvailable.tsx';

const DEFAULTS: StatementRange = { date_after: '', date_before: '' };

/** The party a page shows: `?customer=` or `?company=` (the shop, a manager), else the reader's own. */
function useStatementParty(): CreditParty | null {
  const [params] = useSearchParams();
  const own = useMyCreditParty();
  const customer = Number(params.get('customer'));
  const company = Number(params.get('company'));
  if (customer > 0) return { type: 'customer', id: customer };
  if (company > 0) return { type: 'company', id: company };
  return own;
}

/** /invoices/statement: a customer's or company's statement of account for a range, its PDF, and "E-mail statement". */
export default function StatementPage() {
  const party = useStatementParty();
  const [range, update] = useSearchState<StatementRange>({ key: 'invoices.statement', defaults: DEFAULTS });
  const query = useStatement(party, range);
  // Wider than a phone: the table scrolls, so it takes focus to scroll by keyboard.
  const scrollFocus = useScrollFocus<HTMLDivElement>();
  const s = query.data;
  return (
    <>
      <PageHeader
        subtitle={s?.party.name}
        actions={party && <Actions party={party} range={range} name={s?.party.name ?? ''} />}
      />
      <Card data-testid="statement">
        <CardContent>
          <DateRangeFields range={range} onChange={update} testIdPrefix="statement" />
          {query.isError && (
            <Typography color="error" variant="body2">
              {(query.error as Error).message}
            </Typography>
          )}
          {s && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {B.period(formatDay(s.date_after), formatDay(s.date_before))}
              </Typography>
              <SmallTable
                container={scrollFocus}
                head={
                  <>
                    <TableCell>{B.dateHeader}</TableCell>
                    <TableCell>{B.kind}</TableCell>
                    <TableCell>{B.reference}</TableCell>
                    <TableCell>{B.description}</TableCell>
                    <TableCell align="right">{B.amount}</TableCell>
                    <TableCell align="right">{B.balance}</TableCell>
                  </>
                }
              >
                <TableRow data-testid="statement-opening">
                  <TableCell>{formatDay(s.date_after)}</TableCell>
                  <TableCell colSpan={4}>{B.openingBalance}</TableCell>
                  <TableCell align="right">{formatWireMoney(s.opening_balance)}</TableCell>
                </TableRow>
                {s.lines.map((l) => (
                  <TableRow key={`${l.date}-${l.kind}-${l.reference}-${l.balance}`} data-testid="statement-line">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(l.date)}</TableCell>
                    <TableCell>{B.kinds[l.kind]}</TableCell>
                    <TableCell>{l.reference}</TableCell>
                    <TableCell>{l.description}</TableCell>
                    <TableCell align="right">{formatWireMoney(l.amount)}</TableCell>
                    <TableCell align="right">{formatWireMoney(l.balance)}</TableCell>
                  </TableRow>
                ))}
                {s.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>{B.noLines}</TableCell>
                  </TableRow>
                )}
                <TableRow data-testid="statement-closing">
                  <TableCell>{formatDay(s.date_before)}</TableCell>
                  <TableCell colSpan={4}>
                    <strong>{B.closingBalance}</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{formatWireMoney(s.closing_balance)}</strong>
                  </TableCell>
                </TableRow>
              </SmallTable>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 2 }} data-testid="statement-aging">
                <Figure label={B.creditAvailable} amount={s.credit_available} />
                {STATEMENT_BUCKETS.map((b) => (
                  <Figure key={b} label={B.buckets[b]} amount={s.aging[b]} />
                ))}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Figure({ label, amount }: { label: string; amount: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1">{formatWireMoney(amount)}</Typography>
    </Box>
  );
}

function Actions({ party, range, name }: { party: CreditParty; range: StatementRange; name: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const mail = useMailStatement(party);
  const send = async () => {
    try {
      const { sent_to } = await mail.mutateAsync(range);
      enqueueSnackbar(B.emailed(sent_to.join(', ') || name), {
        variant: 'success',
        autoHideDuration: NOTIFY_MS.short,
      });
    } catch {
      // The API client shows the failure (SPEC 8).
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <DownloadButton onDownload={() => downloadStatement(party, range)} data-testid="statement-pdf">
        {B.downloadPdf}
      </DownloadButton>
      <Button variant="contained" disabled={mail.isPending} onClick={() => void send()} data-testid="statement-email">
        {B.emailStatement}
      </Button>
    </Stack>
  );
}
