import {
  type CabinetScanResult,
  ORDER_STATUS_LABELS,
  REMAKE_TEXT,
  type ScanAnswer,
  type ScanSessionDetail,
  type ScanSessionType,
  PRODUCTION_TEXT as T,
} from '@cab/shared';
import CameraAltRounded from '@mui/icons-material/CameraAltRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { ReprintLabelButton, RequestRemakeDialog } from '../../labels/index.ts';
import { orderKeys } from '../../orders/index.ts';
import { scanKeys, sendScan, useScanSession } from '../api.ts';
import { beep } from '../beep.ts';
import { CameraScanner } from '../components/CameraScanner.tsx';
import { ResultChip, WRONG_STATE_COLOR } from '../components/chips.tsx';
import { ShopOnly } from '../components/ShopOnly.tsx';
import { UndoScan } from '../components/UndoScan.tsx';
import { flushPending, newClientScanId, type PendingScan, readPending, scannedAtOf, writePending } from '../queue.ts';
import { type RemakeTarget, remakeTarget } from '../remake.ts';

/** What the screen shows of one scan. */
interface Shown {
  key: string;
  code: string;
  state: CabinetScanResult | 'QUEUED' | 'FAILED';
  answer?: ScanAnswer;
  message?: string;
}

const BANNER: Record<Shown['state'], { bg: string; label: (s: Shown) => string }> = {
  OK: { bg: 'success.main', label: () => T.scanResult.OK },
  DUPLICATE: { bg: 'warning.main', label: () => T.scanResult.DUPLICATE },
  UNKNOWN: { bg: 'error.main', label: () => T.scanResult.UNKNOWN },
  WRONG_STATE: { bg: WRONG_STATE_COLOR, label: () => T.scanResult.WRONG_STATE },
  QUEUED: { bg: 'info.main', label: () => T.waitingChip },
  FAILED: { bg: 'error.dark', label: (s) => s.message ?? T.sendFailed },
};

/** How far the scanned cabinet's order is: "12 of 27 cabinets of #30 done" (shipped, in a shipping session). */
function progressOf(type: ScanSessionType, answer: ScanAnswer | undefined): string | null {
  if (!answer?.order || !answer.cabinets) return null;
  const shipping = type === 'SHIPPING';
  const { total, completed, shipped } = answer.cabinets;
  return T.orderProgress(answer.order.id, { total, done: shipping ? shipped : completed }, shipping);
}

/** Why a wrong-state scan changed nothing (a PRODUCTION scan of a VERIFIED order: it is being edited). */
function wrongStateWhy(type: ScanSessionType, order: NonNullable<ScanAnswer['order']>): string {
  if (type === 'SHIPPING') return T.wrongStateWhy.shipping(order.id);
  if (order.status === 'VERIFIED') return T.wrongStateWhy.editing(order.id);
  return T.wrongStateWhy.production(order.id, ORDER_STATUS_LABELS[order.status]);
}

const isNetworkFailure = (error: unknown) =>
  !isApiRequestError(error) || error.status === 0 || error.status >= 500 || error.status === 429;

/**
 * /scan/session/:id/scan: the scanning screen. A USB scanner types the code and Enter into the
 * focused field (keyboard wedge); a phone's camera reads it through ZXing. Each scan is kept in
 * the browser (queue.ts) before it is sent, shown as waiting while the network is down, and sent
 * again when it returns; its client_scan_id makes the resend safe. OK, duplicate and unknown each
 * have a colour and a sound.
 */
export default function ScanningPage() {
  return (
    <ShopOnly>
      <Scanning />
    </ShopOnly>
  );
}

function Scanning() {
  const id = Number(useParams().id);
  const session = useScanSession(id);
  return <QueryState query={session}>{(s) => <ScanScreen session={s} />}</QueryState>;
}

function ScanScreen({ session }: { session: ScanSessionDetail }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown[]>([]);
  const [pending, setPending] = useState<PendingScan[]>(() => readPending());
  const [online, setOnline] = useState(() => navigator.onLine);
  const [camera, setCamera] = useState(false);
  const [remaking, setRemaking] = useState<RemakeTarget | null>(null);
  // Scans undone from this screen (its list is what the screen heard, not the server's log).
  const [undoneHere, setUndoneHere] = useState<ReadonlySet<number>>(new Set());
  const flushing = useRef(false);
  // The scans the queued tone has played for: once per scan, not at every retry.
  const toldQueued = useRef(new Set<string>());
  const closed = session.closed_at !== null;

  const show = useCallback((item: Shown) => {
    setShown((list) => [item, ...list.filter((s) => s.key !== item.key)].slice(0, 30));
  }, []);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (;;) {
        const left = await flushPending(
          readPending(),
          (p) => sendScan(p.session, p.code, p.client_scan_id, scannedAtOf(p)),
          isNetworkFailure,
          (p, answer, error) => {
            writePending(readPending().filter((x) => x.client_scan_id !== p.client_scan_id));
            if (answer) {
              beep(answer.result);
              show({ key: p.client_scan_id, code: p.code, state: answer.result, answer });
              if (answer.order) void client.invalidateQueries({ queryKey: orderKeys.detail(answer.order.id) });
            } else {
              beep('UNKNOWN');
              show({
                key: p.client_scan_id,
                code: p.code,
                state: 'FAILED',
                message: error instanceof Error ? error.message : T.sendFailed,
              });
            }
          },
        );
        // Stopped by the network: what is left waits; else scans made meanwhile are sent too.
        if (left.length > 0 || readPending().length === 0) break;
      }
    } finally {
      flushing.current = false;
      const left = readPending();
      setPending(left);
      for (const p of left) show({ key: p.client_scan_id, code: p.code, state: 'QUEUED' });
      const fresh = left.filter((p) => !toldQueued.current.has(p.client_scan_id));
      for (const p of fresh) toldQueued.current.add(p.client_scan_id);
      if (fresh.length > 0) beep('QUEUED');
      void client.invalidateQueries({ queryKey: scanKeys.detail(session.id) });
    }
  }, [client, session.id, show]);

  const submit = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text || closed) return;
      const p: PendingScan = {
        session: session.id,
        code: text,
        client_scan_id: newClientScanId(),
        at: new Date().toISOString(),
      };
      writePending([...readPending(), p]);
      setPending(readPending());
      void flush();
    },
    [closed, flush, session.id],
  );

  // Sent again when the network returns, and every few seconds while something waits.
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => {
      if (readPending().length > 0) void flush();
    }, 5000);
    void flush();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [flush]);

  // A wedge scanner types wherever the focus is: keys typed outside a field go to the scan field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const last = shown[0];
  const banner = last ? BANNER[last.state] : null;
  const lastTarget = last ? remakeTarget(last.state, last.answer?.cabinet, last.answer?.order) : null;
  const progress = progressOf(session.type, last?.answer);
  return (
    <>
      <PageHeader
        title={T.scanningTitle(session.id, T.sessionTypes[session.type])}
        subtitle={`${session.station ? `${session.station} · ` : ''}${T.sessionTypeHelp[session.type]}`}
        actions={
          <>
            <Button
              variant={camera ? 'contained' : 'outlined'}
              startIcon={<CameraAltRounded />}
              onClick={() => setCamera((c) => !c)}
              disabled={closed}
              data-testid="camera-toggle"
            >
              {camera ? T.stopCamera : T.camera}
            </Button>
            <Button component={RouterLink} to={`/scan/session/${session.id}`} variant="outlined" color="inherit">
              {T.backToSession}
            </Button>
          </>
        }
      />
      {closed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {T.sessionClosedBanner}
        </Alert>
      )}
      {(!online || pending.length > 0) && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="scan-waiting">
          {!online && `${T.offline} `}
          {pending.length > 0 && T.waiting(pending.length)}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              submit(code);
              setCode('');
            }}
          >
            <TextField
              inputRef={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              label={T.scanPrompt}
              fullWidth
              autoFocus
              disabled={closed}
              autoComplete="off"
              slotProps={{
                htmlInput: { 'data-testid': 'scan-input', inputMode: 'none', spellCheck: false, autoCapitalize: 'off' },
              }}
            />
          </Box>
          {camera && !closed && (
            <Box sx={{ mt: 2 }}>
              <CameraScanner onCode={submit} />
            </Box>
          )}
        </CardContent>
      </Card>
      {last && banner && (
        <Box
          role="status"
          aria-live="assertive"
          data-testid="scan-result"
          data-result={last.state}
          sx={{ bgcolor: banner.bg, color: 'common.white', borderRadius: 2, p: 3, mb: 2 }}
        >
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {banner.label(last)}
          </Typography>
          <Typography variant="h6" component="p">
            <code>{last.code}</code>
            {last.answer?.cabinet &&
              ` · ${last.answer.cabinet.manufacturer_code} · ${T.line} ${last.answer.cabinet.line_no}`}
          </Typography>
          {last.answer?.order && (
            <Typography data-testid="scan-order-status" data-status={last.answer.order.status}>
              {last.answer.order.name} · {ORDER_STATUS_LABELS[last.answer.order.status]}
            </Typography>
          )}
          {last.state === 'WRONG_STATE' && last.answer?.order && (
            <Typography variant="h6" component="p" data-testid="scan-wrong-state-why">
              {wrongStateWhy(session.type, last.answer.order)}
            </Typography>
          )}
          {progress && (
            <Typography variant="h5" component="p" data-testid="scan-progress">
              {progress}
            </Typography>
          )}
          {last.state === 'QUEUED' && <Typography>{T.queued}</Typography>}
          {lastTarget && (
            <Button
              variant="contained"
              color="inherit"
              sx={{ mt: 1, color: 'text.primary' }}
              onClick={() => setRemaking(lastTarget)}
              data-testid="scan-request-remake"
            >
              {REMAKE_TEXT.requestRemake}
            </Button>
          )}
          {last.answer?.cabinet && last.answer.order && (
            <ReprintLabelButton
              orderId={last.answer.order.id}
              barcode={last.answer.cabinet.barcode}
              size="medium"
              variant="contained"
              color="inherit"
              sx={{ mt: 1, ml: lastTarget ? 1 : 0, color: 'text.primary' }}
              data-testid="scan-reprint-label"
              onClosed={() => window.setTimeout(() => input.current?.focus())}
            />
          )}
        </Box>
      )}
      {remaking && (
        <RequestRemakeDialog
          orderId={remaking.orderId}
          barcodes={[remaking.barcode]}
          onClose={() => {
            setRemaking(null);
            // Back to scanning: the wedge scanner types into the scan field again.
            window.setTimeout(() => input.current?.focus());
          }}
        />
      )}
      <Card>
        <CardContent>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {T.lastScans} · <span data-testid="session-counts">{T.counts(session.counts)}</span>
          </Typography>
          <List dense data-testid="scan-history">
            {shown.map((s) => (
              <ListItem key={s.key} data-testid="scan-history-row" data-result={s.state}>
                <ListItemText
                  primary={<code>{s.code}</code>}
                  secondary={
                    s.answer?.order
                      ? `${s.answer.order.name} · ${ORDER_STATUS_LABELS[s.answer.order.status]}`
                      : s.message
                  }
                />
                {remakeTarget(s.state, s.answer?.cabinet, s.answer?.order) && (
                  <Button
                    size="small"
                    sx={{ mr: 1 }}
                    onClick={() => setRemaking(remakeTarget(s.state, s.answer?.cabinet, s.answer?.order))}
                    data-testid="history-request-remake"
                  >
                    {REMAKE_TEXT.requestRemake}
                  </Button>
                )}
                {s.answer?.id && s.state !== 'QUEUED' && s.state !== 'FAILED' && (
                  <UndoScan
                    scanId={s.answer.id}
                    undone={undoneHere.has(s.answer.id) ? { by: null, reason: '' } : null}
                    onUndone={() => setUndoneHere((u) => new Set(u).add(s.answer!.id!))}
                  />
                )}
                {s.state === 'QUEUED' || s.state === 'FAILED' ? (
                  <Chip size="small" label={BANNER[s.state].label(s)} color={s.state === 'QUEUED' ? 'info' : 'error'} />
                ) : (
                  <ResultChip result={s.state} />
                )}
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </>
  );
}
