import { coreApi, PRODUCTION_TEXT, productionApi, reportsApi, STATION_TEXT as S, todayIn } from '@cab/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { BOARD, BoardLink, Name, Panel, Quiet, RESULT_COLOUR, Rows, TYPE } from './components/board.tsx';

/**
 * One station's queue (issue 35, `/floor?station=…`): the cabinets still to build today (the day's
 * work list, for a station that builds), the station's open sessions and their last scans. Self-
 * contained: its own queries, kept fresh by the live events, so the board beside it is untouched.
 */
const keys = {
  all: ['station-queue'] as const,
  of: (station: string, today: string) => [...keys.all, station, today] as const,
};

/** The most cabinets listed before "and N more": a queue read from across the room. */
const SHOWN = 12;

function useStationQueue(station: string, today: string) {
  useLiveEvents(['scan', 'scan_undone', 'order_status', 'planner'], { keys: [keys.all] });
  return useQuery({
    queryKey: keys.of(station, today),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const [settings, sessions, work] = await Promise.all([
        call(coreApi.getSettings, { signal }),
        call(productionApi.sessionList, { query: { station, open: 'true', page_size: '20' }, signal }),
        call(reportsApi.workList, { params: { date: today }, signal }),
      ]);
      const newest = sessions.results[0];
      const detail = newest ? await call(productionApi.sessionDetail, { params: { id: newest.id }, signal }) : null;
      const kept = settings.stations.find((s) => s.name.toLowerCase() === station.toLowerCase());
      return { kept, sessions: sessions.results, scans: detail?.scans.slice(0, 10) ?? [], work };
    },
  });
}

export function StationQueue({ station }: { station: string }) {
  const today = todayIn();
  const queue = useStationQueue(station, today);
  const data = queue.data;
  // A kept station that only ships or audits has no cabinets to build.
  const builds = !data?.kept || data.kept.scan_types.includes('PRODUCTION');
  const toBuild =
    data?.work.orders.flatMap((o) => o.cabinets.filter((c) => !c.done).map((c) => ({ ...c, order: o.order }))) ?? [];
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, color: BOARD.text, bgcolor: BOARD.ground, minHeight: '100vh' }}
      data-testid="station-queue"
    >
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 3, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" sx={{ fontSize: TYPE.heading, fontWeight: 800 }}>
          {S.queueTitle(data?.kept?.name ?? station)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <BoardLink to="/floor" icon={<ArrowBack fontSize="inherit" aria-hidden />}>
          {S.anyStation}
        </BoardLink>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' },
          alignItems: 'start',
        }}
      >
        {builds && (
          <Panel title={S.queueToBuild} testId="station-to-build">
            {data && toBuild.length === 0 && <Quiet>{S.queueEmpty}</Quiet>}
            <Rows label={S.queueToBuild}>
              {toBuild.slice(0, SHOWN).map((c) => (
                <Box component="li" key={c.barcode} data-testid="station-cabinet" sx={{ py: 0.75, fontSize: TYPE.row }}>
                  <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
                    <Box sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}>{c.barcode}</Box>
                    <Name>
                      {c.code} {c.description}
                    </Name>
                  </Box>
                  <Box sx={{ display: 'flex', gap: 2, color: BOARD.muted, fontSize: TYPE.small }}>
                    <Name>
                      #{c.order.id} {c.order.name}
                    </Name>
                    <Box sx={{ whiteSpace: 'nowrap' }}>
                      {[c.finished_side, c.hinge, c.finish].filter(Boolean).join(' · ')}
                    </Box>
                  </Box>
                </Box>
              ))}
            </Rows>
            {toBuild.length > SHOWN && <Quiet>{S.andMore(toBuild.length - SHOWN)}</Quiet>}
          </Panel>
        )}
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          <Panel title={S.queueSessions} testId="station-sessions">
            {data && data.sessions.length === 0 && <Quiet>{PRODUCTION_TEXT.noSessions}</Quiet>}
            <Rows label={S.queueSessions}>
              {data?.sessions.map((s) => (
                <Box component="li" key={s.id} data-testid="station-session" sx={{ py: 0.75, fontSize: TYPE.row }}>
                  #{s.id} {PRODUCTION_TEXT.sessionTypes[s.type]} · {s.opened_by?.full_name}
                  <Box sx={{ color: BOARD.muted, fontSize: TYPE.small }}>{PRODUCTION_TEXT.countsShort(s.counts)}</Box>
                </Box>
              ))}
            </Rows>
          </Panel>
          <Panel title={S.queueRecent} testId="station-scans">
            {data && data.scans.length === 0 && <Quiet>{PRODUCTION_TEXT.noScans}</Quiet>}
            <Rows label={S.queueRecent}>
              {data?.scans.map((s) => (
                <Box
                  component="li"
                  key={s.id}
                  data-testid="station-scan"
                  data-result={s.result}
                  sx={{ py: 0.75, fontSize: TYPE.row, display: 'flex', gap: 2, opacity: s.undone ? 0.5 : 1 }}
                >
                  <Box sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{s.code}</Box>
                  <Box sx={{ flex: 1 }} />
                  <Box sx={{ color: RESULT_COLOUR[s.result], fontWeight: 700 }}>
                    {s.undone ? S.undone : PRODUCTION_TEXT.scanResult[s.result]}
                  </Box>
                  <Box sx={{ color: BOARD.muted, fontSize: TYPE.small }}>{formatTime(s.at)}</Box>
                </Box>
              ))}
            </Rows>
          </Panel>
        </Box>
      </Box>
    </Box>
  );
}
