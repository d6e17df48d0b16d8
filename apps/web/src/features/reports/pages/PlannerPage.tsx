import {
  addDays,
  ORDER_STATUS_LABELS,
  PLANNER_ERROR_CODES,
  type PlannerDayLoad,
  type PlannerPatch,
  type PlannerRow,
  plannerDayLoad,
  reportsApi,
  REPORTS_WEB_TEXT as T,
  todayIn,
  WEB_TEXT,
  WORK_LIST_TEXT,
  weekdayOf,
} from '@cab/shared';
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useScrollFocus } from '../../../components/useScrollFocus.ts';
import { download, isApiRequestError } from '../../../lib/api.ts';
import { formatDay, formatWeekday } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { usePlanner, usePlanOrder } from '../api.ts';

/** The statuses the planner may (re)plan: submitted and not finished. */
const MOVABLE: ReadonlySet<string> = new Set(['ORDERED', 'VERIFIED', 'IN_PROGRESS', 'PARTIALLY_COMPLETED']);
const WEEKS = 4;
/** The Monday of the week `day` is in. */
const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));
const isWeekend = (day: string) => [0, 6].includes(weekdayOf(day));
const dayLabel = formatWeekday;

function OrderCard({ row }: { row: PlannerRow }) {
  // A finished order stays on its day (its load is history) but cannot be moved.
  const movable = MOVABLE.has(row.order.status);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `order:${row.order.id}`,
    disabled: !movable,
  });
  const status = ORDER_STATUS_LABELS[row.order.status];
  const done = row.cabinets - row.cabinets_remaining;
  const progress = T.progress(done, row.cabinets);
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      {...listeners}
      {...attributes}
      data-testid={`plan-order-${row.order.id}`}
      data-planned={row.planned_date ?? ''}
      sx={{
        p: 1,
        mb: 0.75,
        cursor: movable ? 'grab' : 'default',
        touchAction: 'none',
        opacity: isDragging ? 0.6 : 1,
        borderColor: row.at_risk ? 'error.main' : 'divider',
        borderLeftWidth: 4,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        position: 'relative',
        zIndex: isDragging ? 10 : 'auto',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        #{row.order.id} {row.order.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {T.cabinets(row.cabinets)}
        {row.due_date ? ` · ${T.due(formatDay(row.due_date))}` : ''}
      </Typography>
      <Typography variant="caption" component="div" data-testid="plan-status">
        {status}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={row.cabinets ? (100 * done) / row.cabinets : 0}
        color={movable ? 'primary' : 'success'}
        aria-label={progress}
        data-testid="plan-progress"
        sx={{ my: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary" component="div">
        {progress}
        {movable && row.cabinets_remaining ? ` · ${T.remaining(row.cabinets_remaining)}` : ''}
      </Typography>
      {!movable && (
        <Typography variant="caption" color="text.secondary" component="div" data-testid="plan-not-movable">
          {T.finishedNotMovable(status)}
        </Typography>
      )}
      {row.at_risk && <Chip size="small" color="error" label={T.atRisk} sx={{ mt: 0.5 }} data-testid="at-risk" />}
    </Paper>
  );
}

function DayColumn({
  day,
  rows,
  closed,
  capacity,
  today,
}: {
  day: string;
  rows: PlannerRow[];
  closed: boolean;
  capacity: number;
  today: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${day}`, disabled: closed });
  const load = plannerDayLoad(rows, day, today);
  const over = load > capacity;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`plan-day-${day}`}
      data-closed={closed}
      sx={{
        p: 1,
        minHeight: 140,
        bgcolor: closed ? 'action.hover' : isOver ? 'action.selected' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="caption" sx={{ fontWeight: 600, display: 'block', flex: 1 }}>
          {dayLabel(day)}
        </Typography>
        {rows.length > 0 && <PrintWorkList day={day} />}
      </Box>
      {closed ? (
        <Typography variant="caption" color="text.secondary">
          {T.closed}
        </Typography>
      ) : (
        <Box sx={{ mb: 1 }} data-testid="plan-load">
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (100 * load) / Math.max(1, capacity))}
            color={over ? 'error' : 'primary'}
            aria-label={`${dayLabel(day)}: ${T.capacity(load, capacity)}`}
          />
          <Typography variant="caption" color={over ? 'error' : 'text.secondary'}>
            {T.capacity(load, capacity)}
            {over ? ` · ${T.overCapacity}` : ''}
          </Typography>
        </Box>
      )}
      {rows.map((r) => (
        <OrderCard key={r.order.id} row={r} />
      ))}
    </Paper>
  );
}

/** The day's work list as a PDF to print (issue 35). */
function PrintWorkList({ day }: { day: string }) {
  const label = `${WORK_LIST_TEXT.print} ${dayLabel(day)}`;
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        data-testid="print-work-list"
        onClick={() =>
          download(reportsApi.workList, {
            params: { date: day },
            query: { format: 'pdf' },
            fallbackName: `work_list_${day}.pdf`,
          })
        }
      >
        <PrintRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function UnplannedColumn({ rows }: { rows: PlannerRow[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'unplanned' });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="plan-unplanned"
      // Its own scroll: a long list keeps the week's days in view beside it while an order is dragged.
      sx={{
        p: 1,
        minHeight: 200,
        maxHeight: '70vh',
        overflowY: 'auto',
        bgcolor: isOver ? 'action.selected' : 'background.paper',
      }}
    >
      <Typography variant="subtitle2">{T.unplanned}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {T.unplannedHint}
      </Typography>
      {rows.map((r) => (
        <OrderCard key={r.order.id} row={r} />
      ))}
    </Paper>
  );
}

/**
 * /planner/orders/manage (ADMIN, STAFF): four weeks of working days, each with its orders and
 * its load against the shop's capacity per day; drag an order onto another day (or back to Not
 * planned). Weekends and holidays are closed; an order planned after its due date is marked.
 */
export default function PlannerPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [start, setStart] = useState(() => mondayOf(todayIn()));
  const end = addDays(start, WEEKS * 7 - 1);
  const planner = usePlanner(start, end);
  // The days scroll sideways on a narrow screen: reachable from the keyboard then.
  const daysScrollFocus = useScrollFocus<HTMLDivElement>();
  const plan = usePlanOrder();
  const today = todayIn();
  // A move the server refused over capacity, waiting for the person's yes.
  const [overload, setOverload] = useState<{
    move: PlannerPatch & { id: number };
    row: PlannerRow;
    load: PlannerDayLoad;
  } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const rows = planner.data?.results ?? [];
  const holidays = useMemo(() => new Set(planner.data?.holidays ?? []), [planner.data]);
  const byDay = useMemo(() => {
    const map = new Map<string, PlannerRow[]>();
    for (const r of rows) if (r.planned_date) map.set(r.planned_date, [...(map.get(r.planned_date) ?? []), r]);
    return map;
  }, [rows]);
  const days = Array.from({ length: WEEKS * 7 }, (_, i) => addDays(start, i));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const id = Number(String(active.id).slice('order:'.length));
    const row = rows.find((r) => r.order.id === id);
    const target = String(over.id);
    const day = target.startsWith('day:') ? target.slice(4) : null;
    if (!row || row.planned_date === day) return;
    send({ id, planned_date: day }, row);
  };

  function send(move: PlannerPatch & { id: number }, row: PlannerRow) {
    const day = move.planned_date;
    plan.mutate(move, {
      onSuccess: () => {
        setOverload(null);
        enqueueSnackbar(day ? T.moved(row.order.name, formatDay(day)) : T.unplannedDone(row.order.name), {
          variant: 'success',
        });
      },
      onError: (err) => {
        if (isApiRequestError(err) && err.code === PLANNER_ERROR_CODES.overCapacity) {
          setOverload({ move, row, load: err.extra.load as PlannerDayLoad });
        } else setOverload(null);
      },
    });
  }

  return (
    <>
      <PageHeader
        actions={
          <>
            <Button
              startIcon={<ChevronLeftRounded />}
              onClick={() => setStart(addDays(start, -7))}
              data-testid="planner-prev"
            >
              {T.previousWeeks}
            </Button>
            <Button
              endIcon={<ChevronRightRounded />}
              onClick={() => setStart(addDays(start, 7))}
              data-testid="planner-next"
            >
              {T.nextWeeks}
            </Button>
          </>
        }
      />
      {(planner.isFetching || plan.isPending) && <LinearProgress aria-label={WEB_TEXT.loading} sx={{ mb: 1 }} />}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, gap: 2, alignItems: 'start' }}>
          <UnplannedColumn rows={rows.filter((r) => r.planned_date === null)} />
          <Box
            {...daysScrollFocus}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 1, overflowX: 'auto' }}
          >
            {days.map((day) => (
              <DayColumn
                key={day}
                day={day}
                rows={byDay.get(day) ?? []}
                closed={isWeekend(day) || holidays.has(day)}
                capacity={planner.data?.capacity_per_day ?? 0}
                today={today}
              />
            ))}
          </Box>
        </Box>
      </DndContext>
      <ConfirmDialog
        open={overload !== null}
        title={T.overCapacityTitle}
        text={
          overload
            ? T.overCapacityConfirm(dayLabel(overload.load.date), overload.load.cabinets, overload.load.capacity)
            : ''
        }
        confirmLabel={T.planAnyway}
        busy={plan.isPending}
        onConfirm={() => overload && send({ ...overload.move, force: true }, overload.row)}
        onClose={() => setOverload(null)}
      />
    </>
  );
}
