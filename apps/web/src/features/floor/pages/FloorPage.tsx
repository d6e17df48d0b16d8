import {
  CABINET_SCAN_RESULTS,
  type CabinetScanResult,
  DASHBOARD_TEXT,
  FLOOR_TEXT as F,
  type PlannerRow,
  PRODUCTION_TEXT,
  plannerDayLoad,
  REPORTS_WEB_TEXT,
  todayIn,
} from '@cab/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatDay, formatTime, formatWeekday } from '../../../lib/format.ts';
import type { LiveEvent, LiveStatus } from '../../../lib/live-events.ts';
import { LATE_SHOWN, useFloorFigures, useFloorLate, useFloorLive, useFloorPlanner } from '../api.ts';
import { Bar, BOARD, Name, Panel, Quiet, RESULT_COLOUR, Rows, TYPE } from '../components/board.tsx';
import { StationQueue } from '../StationQueue.tsx';

/** Scans the board keeps on screen, newest on top. */
const SCANS_SHOWN = 12;
/** Orders in production the board lists (the rest are counted). */
const IN_PRODUCTION_SHOWN = 10;
const IN_PRODUCTION = new Set(['IN_PROGRESS', 'PARTIALLY_COMPLETED']);

interface ScanLine {
  id: string;
  at: string;
  orderId: number | null;
  barcode: string;
  result: CabinetScanResult;
}

/** The time, moved on every half minute: the clock, and "today" past midnight. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const isResult = (value: string): value is CabinetScanResult =>
  (CABINET_SCAN_RESULTS as readonly string[]).includes(value);

function LiveState({ status }: { status: LiveStatus }) {
  const live = status === 'open';
  const text = live ? F.live : status === 'connecting' ? F.connecting : F.reconnecting;
  return (
    <Box
      role="status"
      data-testid="floor-live"
      data-state={status}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        fontSize: TYPE.small,
        color: live ? BOARD.done : BOARD.warn,
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: '0.7em', height: '0.7em', borderRadius: '50%', bgcolor: live ? BOARD.done : BOARD.warn }}
      />
      {text}
    </Box>
  );
}

function Today({ rows, today, capacity }: { rows: PlannerRow[]; today: string; capacity: number }) {
  const planned = rows.filter((r) => r.planned_date === today);
  const load = plannerDayLoad(planned, today, today);
  const over = load > capacity;
  const label = `${F.today}: ${F.todayLoad(load, capacity)}`;
  return (
    <Panel title={F.today} testId="floor-today">
      <Typography
        data-testid="floor-today-load"
        sx={{ fontSize: TYPE.figure, fontWeight: 800, lineHeight: 1.1, color: over ? BOARD.late : BOARD.text }}
      >
        {F.todayFigure(load, capacity)}
      </Typography>
      <Typography sx={{ fontSize: TYPE.row, color: BOARD.muted }}>{F.todayUnit}</Typography>
      <Box sx={{ my: 1.5 }}>
        <Bar value={capacity > 0 ? (load / capacity) * 100 : 0} label={label} colour={over ? BOARD.late : BOARD.done} />
      </Box>
      {over && (
        <Typography sx={{ fontSize: TYPE.row, fontWeight: 700, color: BOARD.late }}>{F.overCapacity}</Typography>
      )}
      {planned.length === 0 ? (
        <Quiet>{F.nothingPlanned}</Quiet>
      ) : (
        <Rows label={F.today}>
          {planned.map((r) => (
            <Box component="li" key={r.order.id} sx={{ display: 'flex', gap: 2, py: 0.75, fontSize: TYPE.row }}>
              <Name>
                #{r.order.id} {r.order.name}
              </Name>
              <Box sx={{ color: BOARD.muted, whiteSpace: 'nowrap' }}>
                {REPORTS_WEB_TEXT.remaining(r.cabinets_remaining)}
              </Box>
            </Box>
          ))}
        </Rows>
      )}
    </Panel>
  );
}

/**
 * The orders being built right now first (scanned while the board watched, latest first), then
 * the soonest due.
 */
function InProduction({ rows, total, scans }: { rows: PlannerRow[]; total: number; scans: ScanLine[] }) {
  const recency = (id: number) => {
    const at = scans.findIndex((s) => s.orderId === id);
    return at === -1 ? scans.length : at;
  };
  const orders = rows
    .filter((r) => IN_PRODUCTION.has(r.order.status))
    .sort(
      (a, b) =>
        recency(a.order.id) - recency(b.order.id) ||
        (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
        a.order.id - b.order.id,
    );
  const shown = orders.slice(0, IN_PRODUCTION_SHOWN);
  const more = Math.max(total, orders.length) - shown.length;
  return (
    <Panel title={F.inProduction} testId="floor-in-production">
      {shown.length === 0 ? (
        <Quiet>{F.noneInProduction}</Quiet>
      ) : (
        <Rows label={F.inProduction}>
          {shown.map((r) => {
            const { total: all, completed } = r.order.cabinets;
            const progress = REPORTS_WEB_TEXT.progress(completed, all);
            return (
              <Box
                component="li"
                key={r.order.id}
                data-testid={`floor-order-${r.order.id}`}
                sx={{ py: 1, fontSize: TYPE.row }}
              >
                <Name>
                  #{r.order.id} {r.order.name}
                </Name>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 0.5 }}>
                  <Box sx={{ flex: 1 }}>
                    <Bar
                      value={all > 0 ? (completed / all) * 100 : 0}
                      label={`#${r.order.id} ${r.order.name}: ${progress}`}
                    />
                  </Box>
                  <Box sx={{ color: BOARD.muted, whiteSpace: 'nowrap', fontSize: TYPE.small }}>{progress}</Box>
                </Box>
              </Box>
            );
          })}
        </Rows>
      )}
      {more > 0 && <Quiet>{F.more(more)}</Quiet>}
    </Panel>
  );
}

function Late() {
  const late = useFloorLate();
  const rows = late.data?.results ?? [];
  const more = (late.data?.total ?? 0) - rows.length;
  return (
    <Panel title={F.late} testId="floor-late">
      {late.data && rows.length === 0 && <Quiet>{F.noneLate}</Quiet>}
      <Rows label={F.late}>
        {rows.slice(0, LATE_SHOWN).map((r) => (
          <Box component="li" key={r.id} sx={{ py: 0.75, fontSize: TYPE.row }}>
            <Box sx={{ display: 'flex', gap: 2 }}>
              <Name>
                #{r.id} {r.name}
              </Name>
              <Box sx={{ color: BOARD.late, fontWeight: 700, whiteSpace: 'nowrap' }}>{F.daysLate(r.days_late)}</Box>
            </Box>
            <Box sx={{ color: BOARD.muted, fontSize: TYPE.small }}>{REPORTS_WEB_TEXT.due(formatDay(r.due_date))}</Box>
          </Box>
        ))}
      </Rows>
      {more > 0 && <Quiet>{F.more(more)}</Quiet>}
    </Panel>
  );
}

function Scans({ scans, names }: { scans: ScanLine[]; names: ReadonlyMap<number, string> }) {
  return (
    <Panel title={F.lastScans} testId="floor-scans">
      {scans.length === 0 && <Quiet>{F.noScans}</Quiet>}
      <Rows label={F.lastScans}>
        {scans.map((s) => {
          const name = s.orderId === null ? F.noOrder : `#${s.orderId} ${names.get(s.orderId) ?? ''}`.trim();
          return (
            <Box
              component="li"
              key={s.id}
              data-testid="floor-scan"
              data-result={s.result}
              data-barcode={s.barcode}
              sx={{ py: 0.75, fontSize: TYPE.row }}
            >
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2 }}>
                <Box sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}>{s.barcode}</Box>
                <Box sx={{ flex: 1 }} />
                <Box sx={{ color: RESULT_COLOUR[s.result], fontWeight: 700, textAlign: 'right' }}>
                  {PRODUCTION_TEXT.scanResult[s.result]}
                </Box>
              </Box>
              <Box sx={{ display: 'flex', gap: 2, color: BOARD.muted, fontSize: TYPE.small }}>
                <Name>{name}</Name>
                <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(s.at, { seconds: true })}</Box>
              </Box>
            </Box>
          );
        })}
      </Rows>
    </Panel>
  );
}

/** The scans as they arrive, newest on top; one replayed after a reconnect is not shown twice. */
function addScan(lines: ScanLine[], event: LiveEvent): ScanLine[] {
  if (event.kind !== 'scan' || !isResult(event.data.result)) return lines;
  const id = event.id || `${event.data.session_id}-${event.data.barcode}-${event.data.at}`;
  if (lines.some((l) => l.id === id)) return lines;
  const { at, order_id: orderId, barcode, result } = event.data;
  return [{ id, at, orderId, barcode, result }, ...lines].slice(0, SCANS_SHOWN);
}

/**
 * /floor (ADMIN, STAFF): the shop's TV. Today's planned cabinets against capacity, the orders in
 * production with their progress, the late orders and the last scans as they happen; it needs no
 * one to touch it, follows the floor through GET /api/events/ and says when that stream is down.
 */
function FloorPage() {
  const now = useNow();
  const today = todayIn(undefined, now);
  const figures = useFloorFigures();
  const planner = useFloorPlanner(today);
  const [scans, setScans] = useState<ScanLine[]>([]);
  const status = useFloorLive((event) => setScans((lines) => addScan(lines, event)));

  const rows = planner.data?.results ?? [];
  const names = new Map(rows.map((r) => [r.order.id, r.order.name]));
  const card = (key: string) => Number(figures.data?.cards.find((c) => c.key === key)?.value ?? 0);
  const failed = (figures.isError && !figures.data) || (planner.isError && !planner.data);

  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, color: BOARD.text, bgcolor: BOARD.ground, minHeight: '100vh' }}
      data-testid="floor-board"
    >
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 3, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" sx={{ fontSize: TYPE.heading, fontWeight: 800 }}>
          {F.title}
        </Typography>
        <Typography sx={{ fontSize: TYPE.heading, color: BOARD.muted }}>
          {formatWeekday(now)} · {formatTime(now)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <LiveState status={status} />
        <Link
          component={RouterLink}
          to="/"
          underline="hover"
          sx={{ color: BOARD.muted, display: 'flex', alignItems: 'center', gap: 0.5, fontSize: TYPE.small }}
        >
          <ArrowBack fontSize="inherit" aria-hidden />
          {F.back}
        </Link>
      </Box>
      {failed && <Quiet>{F.unavailable}</Quiet>}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          {planner.data && <Today rows={rows} today={today} capacity={planner.data.capacity_per_day} />}
          <Panel title={DASHBOARD_TEXT.cabinetsCompletedToday} testId="floor-completed">
            <Typography sx={{ fontSize: TYPE.figure, fontWeight: 800, lineHeight: 1.1, color: BOARD.done }}>
              {figures.data ? card('cabinets_completed_today') : ''}
            </Typography>
          </Panel>
        </Box>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          <InProduction rows={rows} total={card('orders_in_production')} scans={scans} />
          <Late />
        </Box>
        <Scans scans={scans} names={names} />
      </Box>
    </Box>
  );
}

/** `/floor?station=…` shows that station's queue (issue 35); `/floor` the board. */
export default function FloorRoute() {
  const station = useSearchParams()[0].get('station');
  return station ? <StationQueue station={station} /> : <FloorPage />;
}
