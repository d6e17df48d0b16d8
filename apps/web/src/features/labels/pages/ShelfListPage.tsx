import { LABEL_TEXT } from '@cab/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { downloadShelfListPdf, useShelfList } from '../api.ts';

const inches = (n: number | null) => (n === null ? '?' : String(Math.round(n * 1000) / 1000));

/** /orders/{id}/shelf-list: the adjustable shelves to cut, grouped by width and depth, with the PDF. */
export default function ShelfListPage() {
  const id = Number(useParams().id);
  const shelves = useShelfList(id);
  return (
    <>
      <PageHeader
        subtitle={
          <Link to={`/orders/${id}`} data-testid="shelf-order-link">
            #{id}
          </Link>
        }
        actions={
          <Button
            variant="outlined"
            onClick={() => void downloadShelfListPdf(id).catch(() => {})}
            data-testid="shelf-pdf"
          >
            {LABEL_TEXT.downloadPdf}
          </Button>
        }
      />
      <QueryState query={shelves}>
        {(list) => (
          <Card>
            {list.results.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {LABEL_TEXT.noShelves}
              </Typography>
            ) : (
              <Table size="small" data-testid="shelf-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{LABEL_TEXT.shelfWidth}</TableCell>
                    <TableCell>{LABEL_TEXT.shelfDepth}</TableCell>
                    <TableCell align="right">{LABEL_TEXT.shelfQty}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.results.map((r) => (
                    <TableRow
                      key={`${r.width}x${r.depth}`}
                      data-testid={`shelf-row-${inches(r.width)}x${inches(r.depth)}`}
                    >
                      <TableCell>{inches(r.width)}</TableCell>
                      <TableCell>{inches(r.depth)}</TableCell>
                      <TableCell align="right">{r.qty}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography sx={{ p: 2, fontWeight: 600 }} data-testid="shelf-total">
              {LABEL_TEXT.totalShelves(list.total_shelves)}
            </Typography>
          </Card>
        )}
      </QueryState>
    </>
  );
}
