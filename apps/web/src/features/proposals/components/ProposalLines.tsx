import { formatWireMoney, formatWirePercent, type PublicProposal, PROPOSALS_WEB_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useScrollFocus } from '../../../components/useScrollFocus.ts';

type Line = PublicProposal['lines'][number] & { cost?: string };
type Shown = Pick<PublicProposal, 'extra_lines' | 'subtotal' | 'tax_rate' | 'tax' | 'total'> & { lines: Line[] };

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

/**
 * A proposal's lines, extras and totals: the dealer's page (with each line's cost, `dealer`) and
 * the client's page (never a cost: its answer carries none).
 */
export function ProposalLines({ proposal, dealer = false }: { proposal: Shown; dealer?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Scroller label={T.lines}>
        <Table size="small" aria-label={T.lines} data-testid="proposal-lines">
          <TableHead>
            <TableRow>
              <TableCell>{T.group}</TableCell>
              <TableCell>{T.code}</TableCell>
              <TableCell>{T.description}</TableCell>
              <TableCell align="right">{T.qty}</TableCell>
              {dealer && <TableCell {...money}>{T.cost}</TableCell>}
              <TableCell {...money}>{T.price}</TableCell>
              <TableCell {...money}>{T.total}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {proposal.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are frozen in their order
              <TableRow key={i} data-testid="proposal-line">
                <TableCell>{line.group_name}</TableCell>
                <TableCell>{line.code}</TableCell>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{line.qty}</TableCell>
                {dealer && <TableCell {...money}>{formatWireMoney(line.cost)}</TableCell>}
                <TableCell {...money} data-testid="proposal-line-price">
                  {formatWireMoney(line.price)}
                </TableCell>
                <TableCell {...money}>{formatWireMoney(line.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroller>
      {proposal.extra_lines.length > 0 && (
        <Scroller label={T.extras}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {T.extras}
          </Typography>
          <Table size="small" aria-label={T.extras} data-testid="proposal-extras">
            <TableHead>
              <TableRow>
                <TableCell>{T.description}</TableCell>
                <TableCell>{T.taxable}</TableCell>
                <TableCell {...money}>{T.total}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {proposal.extra_lines.map((extra, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the extras keep their order
                <TableRow key={i} data-testid="proposal-extra">
                  <TableCell>{extra.description}</TableCell>
                  <TableCell>{extra.taxable ? T.yes : T.no}</TableCell>
                  <TableCell {...money}>{formatWireMoney(extra.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Scroller>
      )}
      <Totals
        rows={[
          [T.subtotal, formatWireMoney(proposal.subtotal), 'proposal-subtotal'],
          [`${T.tax} (${formatWirePercent(proposal.tax_rate)})`, formatWireMoney(proposal.tax), 'proposal-tax'],
          [T.total, formatWireMoney(proposal.total), 'proposal-total'],
        ]}
      />
    </Box>
  );
}

/** A phone scrolls a table sideways: then it is a named region the keyboard can reach (useScrollFocus). */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  const focus = useScrollFocus<HTMLDivElement>();
  const region = focus.tabIndex === undefined ? {} : { role: 'region', 'aria-label': label };
  return (
    <TableContainer {...focus} {...region}>
      {children}
    </TableContainer>
  );
}

/** Label and amount rows, right-aligned under the lines; the last in bold. */
export function Totals({ rows }: { rows: readonly (readonly [ReactNode, string, string])[] }) {
  return (
    <Box component="dl" sx={{ m: 0, ml: 'auto', width: '100%', maxWidth: 360, display: 'grid', gap: 0.5 }}>
      {rows.map(([label, value, testId], i) => (
        <Box
          key={testId}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            fontWeight: i === rows.length - 1 ? 700 : 400,
          }}
        >
          <Box component="dt">{label}</Box>
          <Box component="dd" sx={{ m: 0 }} data-testid={testId}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
