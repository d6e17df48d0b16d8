import {
  LABEL_TEXT,
  productionApi,
  REMAKE_TEXT,
  type ScanRow,
  type ScanSessionDetail,
  STATION_TEXT,
  PRODUCTION_TEXT as T,
} from '@cab/shared';
import PrintRounded from '@mui/icons-material/PrintRounded';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/index.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePhone } from '../../../lib/usePhone.ts';
import { useCan } from '../../auth/index.ts';
import { PrintLabelsDialog, RequestRemakeDialog } from '../../labels/index.ts';
import { useCloseSession, useReopenSession, useScanSession } from '../api.ts';
import { SessionTypeChip } from '../components/chips.tsx';
import { phoneScanColumns, scanColumns } from '../components/columns.tsx';
import { ShopOnly } from '../components/ShopOnly.tsx';
import { UndoScan } from '../components/UndoScan.tsx';
import { type RemakeTarget, remakeTarget } from '../remake.ts';

/** The orders a session scanned, each once, in the order first scanned. */
function ordersOf(session: ScanSessionDetail) {
  const seen = new Map<number, { id: number; name: string }>();
  for (const scan of [...session.scans].reverse()) {
    if (scan.order && !seen.has(scan.order.id)) seen.set(scan.order.id, { id: scan.order.id, name: scan.order.name });
  }
  return [...seen.values()];
}

/**
 * "Print labels" for the orders the session scanned (one: its dialog at once; more: chosen from
 * a menu). The print is recorded as the session's (print_session/) as well as the order's.
 */
function PrintSessionLabels({ session }: { session: ScanSessionDetail }) {
  const orders = useMemo(() => ordersOf(session), [session]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [printing, setPrinting] = useState<number | null>(null);
  if (orders.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintRounded />}
        onClick={(e) => (orders.length === 1 ? setPrinting(orders[0]!.id) : setAnchor(e.currentTarget))}
        data-testid="session-print-labels"
      >
        {LABEL_TEXT.printLabels}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {orders.map((o) => (
          <MenuItem
            key={o.id}
            onClick={() => {
              setAnchor(null);
              setPrinting(o.id);
            }}
            data-testid="session-print-order"
          >
            {o.name}
          </MenuItem>
        ))}
      </Menu>
      {printing !== null && (
        <PrintLabelsDialog orderId={printing} session={session.id} onClose={() => setPrinting(null)} />
      )}
    </>
  );
}

/** /scan/session/:id: a session, its counts and its scans (newest first). */
/** Reopen or Close: an outlined button that moves the session, idle while the move is sent. */
function SessionMove({
  move,
  id,
  testId,
  color,
  children,
}: {
  move: { mutate: (id: number) => void; isPending: boolean };
  id: number;
  testId: string;
  color?: 'inherit';
  children: ReactNode;
}) {
  return (
    <Button
      color={color}
      variant="outlined"
      disabled={move.isPending}
      onClick={() => move.mutate(id)}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

export default function ScanSessionPage() {
  return (
    <ShopOnly>
      <ScanSession />
    </ShopOnly>
  );
}

function ScanSession() {
  const id = Number(useParams().id);
  const session = useScanSession(id);
  const close = useCloseSession();
  const reopen = useReopenSession();
  const canReopen = useCan(productionApi.sessionReopen);
  const [remaking, setRemaking] = useState<RemakeTarget | null>(null);
  const phone = usePhone();
  // A scanned cabinet (OK or duplicate) can be asked to be made again from its row.
  const columns = useMemo<DataColumn<ScanRow>[]>(() => {
    const remake = (row: ScanRow) => {
      const target = remakeTarget(row.result, row.cabinet, row.order);
      return (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: phone ? 'nowrap' : 'wrap' }}>
          {target && !row.undone && (
            <Button size="small" onClick={() => setRemaking(target)} data-testid="scan-row-request-remake">
              {REMAKE_TEXT.requestRemake}
            </Button>
          )}
          <UndoScan scanId={row.id} undone={row.undone} compact={phone} />
        </Box>
      );
    };
    // On a phone the button sits under the result (a third column would push it off-screen).
    if (phone) return phoneScanColumns(remake);
    return [...scanColumns, { key: 'remake', header: '', noWrap: true, render: remake }];
  }, [phone]);
  return (
    <QueryState query={session}>
      {(s) => (
        <>
          <PageHeader
            title={T.sessionTitle(s.id, T.sessionTypes[s.type])}
            subtitle={
              <>
                {s.station ? `${s.station} · ` : ''}
                {s.opened_by?.full_name} · {formatDateTime(s.opened_at)}
                {s.closed_at ? ` · ${T.closed} ${formatDateTime(s.closed_at)}` : ''}
              </>
            }
            actions={
              <>
                <PrintSessionLabels session={s} />
                {s.closed_at && canReopen && (
                  <SessionMove move={reopen} id={s.id} testId="reopen-session">
                    {STATION_TEXT.reopen}
                  </SessionMove>
                )}
                {!s.closed_at && (
                  <>
                    <Button
                      component={RouterLink}
                      to={`/scan/session/${s.id}/scan`}
                      variant="contained"
                      startIcon={<QrCodeScannerRounded />}
                      data-testid="start-scanning"
                    >
                      {T.startScanning}
                    </Button>
                    <SessionMove move={close} id={s.id} testId="close-session" color="inherit">
                      {T.closeSession}
                    </SessionMove>
                  </>
                )}
              </>
            }
          />
          <Card sx={{ mb: 3 }}>
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <SessionTypeChip type={s.type} />
              <Typography data-testid="session-counts">{T.counts(s.counts)}</Typography>
              <Box sx={{ flex: 1 }} />
              <Typography color="text.secondary">{T.sessionTypeHelp[s.type]}</Typography>
            </CardContent>
          </Card>
          <Card>
            <DataTable columns={columns} rows={s.scans} emptyText={T.noScans} testId="session-scans" />
          </Card>
          {remaking && (
            <RequestRemakeDialog
              orderId={remaking.orderId}
              barcodes={[remaking.barcode]}
              onClose={() => setRemaking(null)}
            />
          )}
        </>
      )}
    </QueryState>
  );
}
