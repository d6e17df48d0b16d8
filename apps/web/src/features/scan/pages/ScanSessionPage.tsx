import { PRODUCTION_TEXT as T } from '@cab/shared';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCloseSession, useScanSession } from '../api.ts';
import { SessionTypeChip } from '../components/chips.tsx';
import { scanColumns } from '../components/columns.tsx';
import { ShopOnly } from '../components/ShopOnly.tsx';

/** /scan/session/:id: a session, its counts and its scans (newest first). */
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
              !s.closed_at && (
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
                  <Button
                    color="inherit"
                    variant="outlined"
                    disabled={close.isPending}
                    onClick={() => close.mutate(s.id)}
                    data-testid="close-session"
                  >
                    {T.closeSession}
                  </Button>
                </>
              )
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
            <DataTable columns={scanColumns} rows={s.scans} emptyText={T.noScans} testId="session-scans" />
          </Card>
        </>
      )}
    </QueryState>
  );
}
