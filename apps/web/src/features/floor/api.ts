import {
  addDays,
  coreApi,
  type Dashboard,
  type LiveEventKind,
  PLANNER_MAX_DAYS,
  productionApi,
  remakesApi,
  reportsApi,
} from '@cab/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { type LiveEvent, type LiveKeys, useLiveEvents } from '../../lib/live-events.ts';

/**
 * The floor board's data (issue 29), from the endpoints the shop's pages already use: the
 * dashboard's figures, the planner (today's load, and the orders in production with their
 * progress) and the late report. Every event makes them stale, so the TV follows the floor.
 */
const floorKeys = {
  all: ['floor'] as const,
  figures: () => [...floorKeys.all, 'figures'] as const,
  planner: (today: string) => [...floorKeys.all, 'planner', today] as const,
  late: (size: number) => [...floorKeys.all, 'late', size] as const,
  remakes: () => [...floorKeys.all, 'remakes'] as const,
};

/** The board refreshes what it shows with events; this only catches what a long outage hid. */
const SAFETY_REFRESH_MS = 5 * 60_000;

// A TV nobody watches over: no popup for a failed load (the board says so), tried again and again.
const quiet = {
  retry: true,
  retryDelay: (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt),
  refetchInterval: SAFETY_REFRESH_MS,
  placeholderData: keepPreviousData,
} as const;

export function useFloorFigures() {
  return useQuery<Dashboard>({
    queryKey: floorKeys.figures(),
    queryFn: ({ signal }) => call(coreApi.dashboard, { signal, skipCommonHandling: true }),
    ...quiet,
  });
}

/**
 * The planner around today: its rows carry each order's progress. Orders in production are
 * planned near today (or not yet planned, which the planner lists whatever the range), so the
 * widest range the planner allows, mostly behind today, holds them.
 */
export function useFloorPlanner(today: string) {
  const query = { date_after: addDays(today, -(PLANNER_MAX_DAYS - 32)), date_before: addDays(today, 30) };
  return useQuery({
    queryKey: floorKeys.planner(today),
    queryFn: ({ signal }) => call(reportsApi.plannerList, { query, signal, skipCommonHandling: true }),
    ...quiet,
  });
}

/** The latest first: the orders furthest past their due date (the TV pages through more). */
export const LATE_SHOWN = 8;
/** What a TV list pages through at most. */
export const TV_LIST_MAX = 60;

export function useFloorLate(size: number) {
  const query = { page_size: size, order_by: '-days_late' };
  return useQuery({
    queryKey: floorKeys.late(size),
    queryFn: ({ signal }) => call(reportsApi.lateReport, { query, signal, skipCommonHandling: true }),
    ...quiet,
  });
}

/** The open remakes (issue 35): the crew sees what is to be made again. */
export function useFloorRemakes() {
  const query = { page_size: TV_LIST_MAX };
  return useQuery({
    queryKey: floorKeys.remakes(),
    queryFn: ({ signal }) => call(remakesApi.list, { query, signal, skipCommonHandling: true }),
    ...quiet,
  });
}

/**
 * The day's last scans, read once on load (issue 35): after that the live scan events add to them
 * (and a reconnect resumes them), so this is not made stale by events as the rest of the board is.
 */
export function useFloorScans(size: number) {
  return useQuery({
    queryKey: ['floor-scans', size],
    queryFn: ({ signal }) =>
      call(productionApi.floorScans, { query: { page_size: size }, signal, skipCommonHandling: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: true,
    retryDelay: quiet.retryDelay,
  });
}

const FLOOR_KINDS: readonly LiveEventKind[] = ['scan', 'scan_undone', 'order_status', 'remake', 'planner'];

/**
 * What each event moves on the board (issue 36: a screen refetches only what an event touches): a
 * scan the figures and the orders' progress (its line comes with the event); a status move those
 * and what is late; a remake the figures and the remakes; a planner move the figures and the plan.
 */
const FLOOR_KEYS: LiveKeys = {
  scan: [floorKeys.figures(), [...floorKeys.all, 'planner']],
  order_status: [floorKeys.figures(), [...floorKeys.all, 'planner'], [...floorKeys.all, 'late']],
  remake: [floorKeys.figures(), floorKeys.remakes()],
  planner: [floorKeys.figures(), [...floorKeys.all, 'planner']],
};

/** Keeps the board's data live and hands each event (the scans) to the page. */
export function useFloorLive(onEvent: (event: LiveEvent) => void) {
  return useLiveEvents(FLOOR_KINDS, { keys: FLOOR_KEYS, onEvent });
}
