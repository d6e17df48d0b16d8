import { formatWireMoney, type SalesTaxRow, FINANCE_REPORTS_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SmallTable } from '../../../components/SmallTable.tsx';
import { useScrollFocus } from '../../../components/useScrollFocus.ts';
import { percentText } from '../components/RuleListPage.tsx';
import { downloadSalesTax, type SalesTaxFilters, useSalesTax } from '../reportsApi.ts';

const DEFAULTS: SalesTaxFilters = { date_after: '', date_before: '' };

const MONEY_COLUMNS = [
  ['taxable', T.taxable],
  ['tax', T.tax],
  ['credit_notes_tax', T.creditNotesTax],
] as const;

/**
 * /finance/reports/sales-tax (ADMIN, issue 34): what was taxed by state and rate in a range, and
 * the tax credit notes gave back, for filing; CSV with a closing total line.
 */
export default function SalesTaxReportPage() {
  const [filters, update] = useSearchState<SalesTaxFilters>({ key: 'finance.sales_tax', defaults: DEFAULTS });
  const query = useSalesTax(filters);
  // Wider than a phone: the table scrolls, so it takes focus to scroll by keyboard.
  const scrollFocus = useScrollFocus<HTMLDivElement>();
  const rows = query.data?.results ?? [];
  const dateField = (name: keyof SalesTaxFilters, label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      sx={{ width: 180 }}
      value={filters[name] || query.data?.[name] || ''}
      onChange={(e) => update({ [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `sales-tax-${name}` } }}
    />
  );
  const moneyCells = (r: Pick<SalesTaxRow, (typeof MONEY_COLUMNS)[number][0]>) =>
    MONEY_COLUMNS.map(([k]) => (
      <TableCell key={k} align="right">
        {formatWireMoney(r[k])}
      </TableCell>
    ));
  return (
    <>
      <PageHeader
        actions={
          <DownloadButton onDownload={() => downloadSalesTax(filters)} data-testid="sales-tax-csv">
            {T.downloadCsv}
          </DownloadButton>
        }
      />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            {dateField('date_after', T.dateAfter)}
            {dateField('date_before', T.dateBefore)}
          </Box>
          {query.isError && (
            <Typography color="error" variant="body2">
              {(query.error as Error).message}
            </Typography>
          )}
          <SmallTable
            container={scrollFocus}
            data-testid="sales-tax-table"
            head={
              <>
                <TableCell>{T.state}</TableCell>
                <TableCell align="right">{T.rate}</TableCell>
                {MONEY_COLUMNS.map(([k, label]) => (
                  <TableCell key={k} align="right">
                    {label}
                  </TableCell>
                ))}
              </>
            }
          >
            {query.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{T.noSalesTax}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={`${r.state}-${r.rate}`} data-testid="sales-tax-row">
                <TableCell>{r.state || T.noState}</TableCell>
                <TableCell align="right">{percentText(r.rate)}</TableCell>
                {moneyCells(r)}
              </TableRow>
            ))}
            {query.data && (
              <TableRow data-testid="sales-tax-total" sx={{ '& td': { fontWeight: 600 } }}>
                <TableCell colSpan={2}>{T.total}</TableCell>
                {moneyCells(query.data.total)}
              </TableRow>
            )}
          </SmallTable>
        </CardContent>
      </Card>
    </>
  );
}
