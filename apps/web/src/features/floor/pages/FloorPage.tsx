import {
  CABINET_SCAN_RESULTS,
  type CabinetScanResult,
  DASHBOARD_TEXT,
  FLOOR_TEXT as F,
  type FloorScan,
  type PlannerRow,
  PRODUCTION_TEXT,
  plannerDayLoad,
  REPORTS_WEB_TEXT,
  type Remake,
  type ReportRow,
  STATION_TEXT,
  todayIn,
} from '@cab/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Tv from '@mui/icons-material/Tv';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDay, formatTime, formatWeekday } from '../../../lib/format.ts';
import type { LiveEvent, LiveStatus } from '../../../lib/live-events.ts';
import {
  LATE_SHOWN,
  TV_LIST_MAX,
  useFloorFigures,
  useFloorLate,
  useFloorLive,
  useFloorPlanner,
  useFloorRemakes,
  useFloorScans,
} from '../api.ts';
import { Bar, BOARD, BoardLink, boardType, Name, Panel, Quiet, RESULT_COLOUR, TYPE } from '../components/board.tsx';
import { ListPanel } from '../components/FitList.tsx';
import { StationQueue } from '../StationQueue.tsx';

/** Scans the board keeps on screen, newest on top (the TV shows those that fit). */
const SCANS_SHOWN = 12;
const SCANS_KEPT = 40;
/** Orders in production the board lists (the rest are counted); the TV fits its height instead. */
const IN_PRODUCTION_SHOWN = 10;
const IN_PRODUCTION = new Set(['IN_PROGRESS', 'PARTIALLY_COMPLETED']);
/** Released to the floor: verified, or being built. A late order before that is marked apart. */
const RELEASED = new Set(['VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED', 'COMPLETED', 'SHIPPED']);
/** How long an unknown or wrong-state scan flashes on the board. */
const FLASH_MS = 6_000;
const FLASHING: ReadonlySet<CabinetScanResult> = new Set(['UNKNOWN', 'WRONG_STATE']);

interface ScanLine {
  /** The scan's id: the same scan read on load and heard live (or replayed) is one line. */
  id: number;
  at: string;
  orderId: number | null;
  barcode: string;
  result: CabinetScanResult;
  /** Undone since (issue 35): kept on the board, marked. */
  undone: boolean;
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

function Today({ rows, today, capacity, tv }: { rows: PlannerRow[]; today: string; capacity: number; tv: boolean }) {
  const planned = rows.filter((r) => r.planned_date === today);
  const load = plannerDayLoad(planned, today, today);
  const over = load > capacity;
  const label = `${F.today}: ${F.todayLoad(load, capacity)}`;
  return (
    <ListPanel
      title={F.today}
      testId="floor-today"
      fill={tv}
      items={planned}
      empty={F.nothingPlanned}
      render={(r) => (
        <Box component="li" key={r.order.id} sx={{ display: 'flex', gap: 2, py: '0.3em', fontSize: TYPE.row }}>
          <Name>
            #{r.order.id} {r.order.name}
          </Name>
          <Box sx={{ color: BOARD.muted, whiteSpace: 'nowrap' }}>
            {REPORTS_WEB_TEXT.remaining(r.cabinets_remaining)}
          </Box>
        </Box>
      )}
    >
      <Typography
        data-testid="floor-today-load"
        sx={{ fontSize: TYPE.figure, fontWeight: 800, lineHeight: 1.1, color: over ? BOARD.late : BOARD.text }}
      >
        {F.todayFigure(load, capacity)}
      </Typography>
      <Typography sx={{ fontSize: TYPE.row, color: BOARD.muted }}>{F.todayUnit}</Typography>
      <Box sx={{ my: '0.5em', fontSize: TYPE.row }}>
        <Bar value={capacity > 0 ? (load / capacity) * 100 : 0} label={label} colour={over ? BOARD.late : BOARD.done} />
      </Box>
      {over && (
        <Typography sx={{ fontSize: TYPE.row, fontWeight: 700, color: BOARD.late }}>{F.overCapacity}</Typography>
      )}
    </ListPanel>
  );
}

/**
 * The orders being built right now first (scanned lately, latest first), then the soonest due.
 */
function InProduction({
  rows,
  total,
  scans,
  tv,
}: {
  rows: PlannerRow[];
  total: number;
  scans: ScanLine[];
  tv: boolean;
}) {
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
  const shown = tv ? orders : orders.slice(0, IN_PRODUCTION_SHOWN);
  return (
    <ListPanel
      title={F.inProduction}
      testId="floor-in-production"
      fill={tv}
      items={shown}
      total={Math.max(total, orders.length)}
      empty={F.noneInProduction}
      render={(r) => {
        const { total: all, completed } = r.order.cabinets;
        const progress = REPORTS_WEB_TEXT.progress(completed, all);
        return (
          <Box
            component="li"
            key={r.order.id}
            data-testid={`floor-order-${r.order.id}`}
            sx={{ py: '0.3em', fontSize: TYPE.row }}
          >
            <Name>
              #{r.order.id} {r.order.name}
            </Name>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: '0.15em' }}>
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
      }}
    />
  );
}

/** Late orders; one not yet released to the floor (not verified) is marked apart. */
function Late({ tv }: { tv: boolean }) {
  const late = useFloorLate(tv ? TV_LIST_MAX : LATE_SHOWN);
  const rows = late.data?.results ?? [];
  return (
    <ListPanel
      title={F.late}
      testId="floor-late"
      fill={tv}
      items={rows}
      total={late.data?.total ?? rows.length}
      render={(r: ReportRow) => {
        const released = RELEASED.has(r.status);
        return (
          <Box
            component="li"
            key={r.id}
            data-testid={`floor-late-${r.id}`}
            data-released={released}
            sx={{ py: '0.3em', fontSize: TYPE.row }}
          >
            <Box sx={{ display: 'flex', gap: 2 }}>
              <Name>
                #{r.id} {r.name}
              </Name>
              <Box sx={{ color: BOARD.late, fontWeight: 700, whiteSpace: 'nowrap' }}>{F.daysLate(r.days_late)}</Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 2, color: BOARD.muted, fontSize: TYPE.small }}>
              <Name>{REPORTS_WEB_TEXT.due(formatDay(r.due_date))}</Name>
              {!released && (
                <Box
                  component="span"
                  data-testid="floor-not-released"
                  sx={{ color: BOARD.warn, fontWeight: 700, whiteSpace: 'nowrap', border: 1, borderRadius: 1, px: 1 }}
                >
                  {F.notReleased}
                </Box>
              )}
            </Box>
          </Box>
        );
      }}
    >
      {late.data && rows.length === 0 && <Quiet>{F.noneLate}</Quiet>}
    </ListPanel>
  );
}

/** The open remakes (issue 35): what the crew has to make again, oldest request first. */
function Remakes() {
  const remakes = useFloorRemakes();
  const rows = [...(remakes.data?.results ?? [])].reverse();
  return (
    <ListPanel
      title={F.remakes}
      testId="floor-remakes"
      fill
      items={rows}
      total={Math.max(rows.length, remakes.data?.total ?? 0)}
      render={(r: Remake) => (
        <Box component="li" key={r.id} data-testid={`floor-remake-${r.id}`} sx={{ py: '0.3em', fontSize: TYPE.row }}>
          <Name>
            #{r.order.id} {r.order.name}
          </Name>
          <Box sx={{ color: BOARD.muted, fontSize: TYPE.small }}>
            <Name>{r.reason}</Name>
          </Box>
        </Box>
      )}
    >
      {remakes.data && rows.length === 0 && <Quiet>{F.noRemakes}</Quiet>}
    </ListPanel>
  );
}

function Scans({ scans, names, tv }: { scans: ScanLine[]; names: ReadonlyMap<number, string>; tv: boolean }) {
  return (
    <ListPanel
      title={F.lastScans}
      testId="floor-scans"
      fill={tv}
      items={tv ? scans : scans.slice(0, SCANS_SHOWN)}
      // The newest that fit: older scans are not paged through, nor counted.
      total={0}
      paged={false}
      render={(s) => {
        const name = s.orderId === null ? F.noOrder : `#${s.orderId} ${names.get(s.orderId) ?? ''}`.trim();
        return (
          <Box
            component="li"
            key={s.id}
            data-testid="floor-scan"
            data-result={s.result}
            data-barcode={s.barcode}
            data-undone={s.undone}
            sx={{ py: '0.3em', fontSize: TYPE.row }}
          >
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2 }}>
              <Box
                sx={{
                  fontFamily: 'monospace',
                  fontWeight: 700,
                  whiteSpace: 'nowrap',
                  textDecoration: s.undone ? 'line-through' : 'none',
                  color: s.undone ? BOARD.muted : 'inherit',
                }}
              >
                {s.barcode}
              </Box>
              <Box sx={{ flex: 1 }} />
              {s.undone ? (
                <Box data-testid="floor-scan-undone" sx={{ color: BOARD.warn, fontWeight: 700, textAlign: 'right' }}>
                  {STATION_TEXT.undone}
                </Box>
              ) : (
                <Box sx={{ color: RESULT_COLOUR[s.result], fontWeight: 700, textAlign: 'right' }}>
                  {PRODUCTION_TEXT.scanResult[s.result]}
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 2, color: BOARD.muted, fontSize: TYPE.small }}>
              <Name>{name}</Name>
              <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(s.at, { seconds: true })}</Box>
            </Box>
          </Box>
        );
      }}
    >
      {scans.length === 0 && <Quiet>{F.noScans}</Quiet>}
    </ListPanel>
  );
}

/** An unknown or wrong-state scan, large across the board for a few seconds (issue 35). */
function Flash({ scan }: { scan: ScanLine }) {
  return (
    <Box
      role="alert"
      data-testid="floor-flash"
      data-result={scan.result}
      data-barcode={scan.barcode}
      sx={{
        position: 'fixed',
        left: '50%',
        top: '50%',
        transform: 'translate(-50%, -50%)',
        zIndex: 10,
        maxWidth: '90vw',
        px: '1em',
        py: '0.5em',
        borderRadius: 2,
        border: '0.15em solid',
        borderColor: RESULT_COLOUR[scan.result],
        bgcolor: BOARD.ground,
        color: RESULT_COLOUR[scan.result],
        fontSize: TYPE.figure,
        fontWeight: 800,
        textAlign: 'center',
        boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.55)',
        '@keyframes floor-flash': { '50%': { borderColor: 'transparent' } },
        animation: 'floor-flash 0.8s step-end 4',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      {PRODUCTION_TEXT.scanResult[scan.result]}
      <Box sx={{ fontFamily: 'monospace', fontSize: TYPE.heading, color: BOARD.text }}>{scan.barcode}</Box>
    </Box>
  );
}

/** A scan heard live, as a line of the board. */
function lineOfEvent(event: LiveEvent): ScanLine | null {
  if (event.kind !== 'scan' || !isResult(event.data.result)) return null;
  const { id, at, order_id: orderId, barcode, result } = event.data;
  return { id, at, orderId, barcode, result, undone: false };
}

/** The scan an undo heard live names. */
const undoneLineOf = (event: LiveEvent): number | null => (event.kind === 'scan_undone' ? event.data.id : null);

/** A scan of the day read on load, as a line of the board. */
const lineOfScan = (s: FloorScan): ScanLine => ({
  id: s.id,
  at: s.at,
  orderId: s.order?.id ?? null,
  barcode: s.code,
  result: s.result,
  undone: s.undone !== null,
});

/**
 * The day's scans read on load, then those heard live, newest on top; one read and heard (or
 * replayed after a reconnect) is one line.
 */
function useScanLines(
  loaded: readonly FloorScan[] | undefined,
  heard: readonly ScanLine[],
  undone: ReadonlySet<number>,
): ScanLine[] {
  return useMemo(() => {
    const seen = new Map<number, ScanLine>();
    for (const line of [...heard, ...(loaded ?? []).map(lineOfScan)]) {
      const known = seen.get(line.id);
      // Read undone on load, heard before the undo: the line is undone.
      if (known) known.undone ||= line.undone;
      else seen.set(line.id, { ...line, undone: line.undone || undone.has(line.id) });
    }
    return [...seen.values()].sort((a, b) => b.at.localeCompare(a.at)).slice(0, SCANS_KEPT);
  }, [loaded, heard, undone]);
}

/**
 * /floor (ADMIN, STAFF): the shop's board. Today's planned cabinets against capacity, the orders in
 * production with their progress, the late orders and the last scans (the day's, then as they
 * happen); it needs no one to touch it, follows the floor through GET /api/events/ and says when
 * that stream is down. `?tv=1` (issue 35) is the kiosk: one screen with no scrolling and no way
 * out, lists fitted to the height and paged, the open remakes, and a flash for a scan gone wrong.
 * (`?station=…`, a station's queue, is a view of its own mounted here.)
 */
export default function FloorPage() {
  const [params] = useSearchParams();
  const station = params.get('station');
  if (station) return <StationQueue station={station} />;
  return <FloorBoard tv={params.get('tv') === '1'} />;
}

function FloorBoard({ tv }: { tv: boolean }) {
  const now = useNow();
  const today = todayIn(undefined, now);
  const figures = useFloorFigures();
  const planner = useFloorPlanner(today);
  const loaded = useFloorScans(SCANS_KEPT);
  const [heard, setHeard] = useState<ScanLine[]>([]);
  const [flash, setFlash] = useState<ScanLine | null>(null);
  const [undone, setUndone] = useState<ReadonlySet<number>>(() => new Set());
  const status = useFloorLive((event) => {
    const undoneLine = undoneLineOf(event);
    if (undoneLine) setUndone((lines) => new Set(lines).add(undoneLine));
    const line = lineOfEvent(event);
    if (!line) return;
    setHeard((lines) => [line, ...lines].slice(0, SCANS_KEPT));
    if (FLASHING.has(line.result)) setFlash(line);
  });
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const scans = useScanLines(loaded.data?.results, heard, undone);

  const rows = planner.data?.results ?? [];
  const names = new Map<number, string>(
    (loaded.data?.results ?? []).flatMap((s) => (s.order ? [[s.order.id, s.order.name] as const] : [])),
  );
  for (const r of rows) names.set(r.order.id, r.order.name);
  const card = (key: string) => Number(figures.data?.cards.find((c) => c.key === key)?.value ?? 0);
  const failed = (figures.isError && !figures.data) || (planner.isError && !planner.data);
  const gap = { xs: 2, md: 'var(--floor-gap)' };
  const column = tv ? { display: 'flex', flexDirection: 'column', gap, minHeight: 0 } : { display: 'grid', gap };

  return (
    <Box
      sx={{
        ...boardType(tv),
        p: gap,
        color: BOARD.text,
        bgcolor: BOARD.ground,
        minHeight: '100vh',
        // The TV: exactly one screen, nothing scrolls.
        ...(tv && {
          height: '100vh',
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          boxSizing: 'border-box',
        }),
      }}
      data-testid="floor-board"
      data-tv={tv}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 3, mb: gap, flexWrap: tv ? 'nowrap' : 'wrap' }}
      >
        <Typography component="h1" sx={{ fontSize: TYPE.heading, fontWeight: 800 }}>
          {F.title}
        </Typography>
        <Typography sx={{ fontSize: TYPE.heading, color: BOARD.muted }}>
          {formatWeekday(now)} · {formatTime(now)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <LiveState status={status} />
        {!tv && (
          <>
            <BoardLink to="/floor?tv=1" icon={<Tv fontSize="inherit" aria-hidden />} testId="floor-tv-link">
              {F.tvMode}
            </BoardLink>
            <BoardLink to="/" icon={<ArrowBack fontSize="inherit" aria-hidden />}>
              {F.back}
            </BoardLink>
          </>
        )}
      </Box>
      {failed && <Quiet>{F.unavailable}</Quiet>}
      <Box
        sx={{
          display: 'grid',
          gap,
          gridTemplateColumns: tv
            ? 'repeat(3, minmax(0, 1fr))'
            : { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          alignItems: tv ? 'stretch' : 'start',
          ...(tv && { flex: '1 1 0', minHeight: 0 }),
        }}
      >
        <Box sx={column}>
          {planner.data && <Today rows={rows} today={today} capacity={planner.data.capacity_per_day} tv={tv} />}
          <Panel title={DASHBOARD_TEXT.cabinetsCompletedToday} testId="floor-completed">
            <Typography sx={{ fontSize: TYPE.figure, fontWeight: 800, lineHeight: 1.1, color: BOARD.done }}>
              {figures.data ? card('cabinets_completed_today') : ''}
            </Typography>
          </Panel>
          {tv && <Remakes />}
        </Box>
        <Box sx={column}>
          <InProduction rows={rows} total={card('orders_in_production')} scans={scans} tv={tv} />
          <Late tv={tv} />
        </Box>
        <Box sx={column}>
          <Scans scans={scans} names={names} tv={tv} />
        </Box>
      </Box>
      {flash && <Flash key={flash.id} scan={flash} />}
    </Box>
  );
}

/** `/floor?station=…` shows that station's queue (issue 35); `/floor` the board. */
