import { type Cabinet, ORDER_STATUS_LABELS, type ScanRow, type ScanSession, PRODUCTION_TEXT as T } from '@cab/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { StatusChip } from '../../orders/index.ts';
import { CabinetChip, ResultChip, SessionTypeChip } from './chips.tsx';

export const sessionColumns: DataColumn<ScanSession>[] = [
  { key: 'id', header: '#', render: (s) => s.id, noWrap: true },
  { key: 'type', header: T.type, render: (s) => <SessionTypeChip type={s.type} /> },
  { key: 'station', header: T.station, render: (s) => s.station ?? '' },
  { key: 'opened_by', header: T.openedBy, render: (s) => s.opened_by?.full_name ?? '' },
  { key: 'opened_at', header: T.openedAt, noWrap: true, render: (s) => formatDateTime(s.opened_at) },
  {
    key: 'closed_at',
    header: T.status,
    noWrap: true,
    render: (s) => (
      <span data-testid="session-state">{s.closed_at ? `${T.closed} ${formatDateTime(s.closed_at)}` : T.open}</span>
    ),
  },
  {
    key: 'counts',
    header: T.scans,
    render: (s) => (
      <Typography variant="body2" data-testid="session-counts">
        {T.counts(s.counts)}
      </Typography>
    ),
  },
];

const sessionState = (s: ScanSession) => (s.closed_at ? T.closed : T.open);

/**
 * A session on a phone (issue 29: seven columns put the status and counts off-screen): what it is
 * on the left (number, type, station, who, when), its state and counts on the right.
 */
export const phoneSessionColumns: DataColumn<ScanSession>[] = [
  {
    key: 'session',
    header: T.session,
    render: (s) => (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            #{s.id}
          </Typography>
          <SessionTypeChip type={s.type} />
        </Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {[s.station, s.opened_by?.full_name, formatDateTime(s.opened_at)].filter(Boolean).join(' · ')}
        </Typography>
      </>
    ),
  },
  {
    key: 'closed_at',
    header: T.status,
    align: 'right',
    render: (s) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="session-state">
          {sessionState(s)}
        </Typography>
        <Typography variant="caption" component="div" data-testid="session-counts">
          {T.countsShort(s.counts)}
        </Typography>
      </>
    ),
  },
];

export const scanColumns: DataColumn<ScanRow>[] = [
  { key: 'at', header: T.at, noWrap: true, render: (s) => formatDateTime(s.at) },
  { key: 'code', header: T.code, noWrap: true, render: (s) => <code>{s.code}</code> },
  { key: 'result', header: T.result, render: (s) => <ResultChip result={s.result} /> },
  {
    key: 'cabinet',
    header: T.cabinet,
    render: (s) => (s.cabinet ? `${s.cabinet.manufacturer_code} (${T.line} ${s.cabinet.line_no})` : ''),
  },
  {
    key: 'order',
    header: T.order,
    render: (s) =>
      s.order ? (
        <>
          {s.order.name} <StatusChip status={s.order.status} />
        </>
      ) : (
        ''
      ),
  },
  { key: 'by', header: T.by, render: (s) => s.by?.full_name ?? '' },
];

/** A scan's moment on a phone: its time alone when it was today (where the phone is), else the day too. */
function scanMoment(at: string): string {
  return new Date(at).toDateString() === new Date().toDateString() ? formatTime(at) : formatDateTime(at);
}

/**
 * A session's scans on a phone (issue 29: only At, Code and Result fitted): the code, its cabinet,
 * its order and the order's status in words and when on the left; the result and `action` (the
 * remake button) on the right.
 */
export function phoneScanColumns(action?: (row: ScanRow) => ReactNode): DataColumn<ScanRow>[] {
  return [
    {
      key: 'code',
      header: T.code,
      render: (s) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
            <code>{s.code}</code>
            <Typography variant="caption" color="text.secondary">
              {scanMoment(s.at)}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {[
              s.cabinet ? `${s.cabinet.manufacturer_code} (${T.line} ${s.cabinet.line_no})` : '',
              s.order ? `${s.order.name} (${ORDER_STATUS_LABELS[s.order.status]})` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </>
      ),
    },
    {
      key: 'result',
      header: T.result,
      align: 'right',
      // As wide as the chip and button need; the rest of the row goes to the code's column.
      noWrap: true,
      render: (s) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
          <ResultChip result={s.result} />
          {action?.(s)}
        </Box>
      ),
    },
  ];
}

export const cabinetColumns: DataColumn<Cabinet>[] = [
  { key: 'barcode', header: 'Barcode', noWrap: true, render: (c) => <code>{c.barcode}</code> },
  { key: 'line', header: T.line, render: (c) => c.line_no },
  { key: 'unit', header: T.unit, render: (c) => c.unit_no },
  { key: 'code', header: T.manufacturerCode, render: (c) => c.manufacturer_code },
  { key: 'description', header: T.description, render: (c) => c.description },
  { key: 'status', header: T.status, render: (c) => <CabinetChip status={c.status} /> },
  { key: 'completed', header: T.completedAt, noWrap: true, render: (c) => formatDateTime(c.completed_at) },
  { key: 'shipped', header: T.shippedAt, noWrap: true, render: (c) => formatDateTime(c.shipped_at) },
];
