import { BOOKS_TEXT as B, booksApi, type ExportKind } from '@cab/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { DateRangeFields, rangeQuery } from '../../../components/DateRangeFields.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useSearchState } from '../../../components/data-table/useListState.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { download } from '../../../lib/api.ts';

type Range = { date_after: string; date_before: string };
const DEFAULTS: Range = { date_after: '', date_before: '' };
const KINDS = Object.keys(B.exports) as ExportKind[];

/** /finance/exports (ADMIN): the month's journal and the QuickBooks and Xero files, as CSV downloads (issue 34). */
export default function ExportsPage() {
  const [range, update] = useSearchState<Range>({ key: 'finance.exports', defaults: DEFAULTS });
  const query = rangeQuery(range);
  return (
    <>
      <PageHeader />
      <Card>
        <CardContent>
          <DateRangeFields range={range} onChange={update} testIdPrefix="exports" />
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            {KINDS.map((kind) => (
              <DownloadButton
                key={kind}
                data-testid={`export-${kind}`}
                onDownload={() => download(booksApi[kind], { query, fallbackName: `${B.exports[kind].file}.csv` })}
              >
                {B.exports[kind].label}
              </DownloadButton>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
