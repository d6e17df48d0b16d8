import { type ImportProblem, TRANSFER_WEB_TEXT as T } from '@cab/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** The items of a 2020 file that were not imported: line in the file, code, why. */
export function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {T.notImported}
      </Typography>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="import-unknown">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>{T.line}</TableCell>
              <TableCell>{T.code}</TableCell>
              <TableCell>{T.reason}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.map((p) => (
              <TableRow key={`${p.line}-${p.user_code}-${p.reason}`} data-testid="import-unknown-row">
                <TableCell>{p.line}</TableCell>
                <TableCell>{p.user_code}</TableCell>
                <TableCell>{p.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
