import {
  type completedShippedLogQuerySchema,
  coreApi,
  ordersApi,
  PAGE_SIZE,
  productionApi,
  type ScanAnswer,
  type ScanSessionType,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download } from '../../lib/api.ts';
import { type LiveEvent, orderOfEvent, useLiveEvents } from '../../lib/live-events.ts';
import { orderKeys } from '../orders/index.ts';

/** Production data (issue 18): scan sessions, scans, an order's cabinets and sessions, the completion log. */
const base = resourceKeys('scan');
export const scanKeys = {
  ...base,
  cabinets: (orderId: number) => [...base.all, 'cabinets', orderId] as const,
  orderSessions: (orderId: number) => [...base.all, 'order-sessions', orderId] as const,
  log: (query: object) => [...base.all, 'log', query] as const,
};

/** Scans made on other screens: a session's counts and scans, an order's cabinets, shown as they happen. */
const sessionOf = (event: LiveEvent) =>
  event.kind === 'scan' || event.kind === 'scan_undone' ? event.data.session_id : null;

/** The sessions list (a list state's page, filtered by type and open). */
export function useScanSessions(list: ListQueryState<{ type: string; open: string }>) {
  const query = listQueryOf(list);
  useLiveEvents(['scan', 'scan_undone'], { keys: [scanKeys.lists()] });
  return useQuery({
    queryKey: scanKeys.list(query),
    queryFn: ({ signal }) =>
      call(productionApi.sessionList, { query: query as unknown as Record<string, string>, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useScanSession(id: number, options: { refetchInterval?: number } = {}) {
  useLiveEvents(['scan', 'scan_undone'], { keys: [scanKeys.detail(id)], match: (event) => sessionOf(event) === id });
  return useQuery({
    queryKey: scanKeys.detail(id),
    queryFn: ({ signal }) => call(productionApi.sessionDetail, { params: { id }, signal }),
    refetchInterval: options.refetchInterval,
  });
}

/** The stations kept in Settings (issue 35), offered when a session is opened. */
export function useKeptStations() {
  return useQuery({
    queryKey: ['settings', 'stations'],
    queryFn: async ({ signal }) => (await call(coreApi.getSettings, { signal })).stations,
  });
}

export function useOpenSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { type: ScanSessionType; station?: string | null }) =>
      call(productionApi.sessionCreate, { body, form: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: scanKeys.lists() }),
  });
}

/** Close a session, or reopen a closed one (ADMIN, issue 35): the session and the lists change. */
function useSessionMove(endpoint: typeof productionApi.sessionClose | typeof productionApi.sessionReopen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoint, { params: { id } }),
    onSuccess: (session) => {
      void client.invalidateQueries({ queryKey: scanKeys.detail(session.id) });
      void client.invalidateQueries({ queryKey: scanKeys.lists() });
    },
  });
}

export const useCloseSession = () => useSessionMove(productionApi.sessionClose);
export const useReopenSession = () => useSessionMove(productionApi.sessionReopen);

/** Undo a mistaken scan (issue 35): its session, its order and the order's cabinets change. */
export function useUndoScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(productionApi.scanUndo, { params: { id }, body: { reason } }),
    onSuccess: (scan) => {
      void client.invalidateQueries({ queryKey: scanKeys.all });
      if (scan.order) void client.invalidateQueries({ queryKey: orderKeys.detail(scan.order.id) });
    },
  });
}

/**
 * One scan sent. The scan screen handles every failure itself (kept and sent again when the
 * network fails; shown on the screen otherwise), so no popup. `scannedAt`: when the person
 * scanned, for a scan that waited (the server records it at that time).
 */
export function sendScan(session: number, code: string, clientScanId: string, scannedAt?: string): Promise<ScanAnswer> {
  return call(productionApi.scan, {
    params: { id: session },
    body: { code, client_scan_id: clientScanId, ...(scannedAt ? { scanned_at: scannedAt } : {}) },
    skipCommonHandling: true,
  });
}

export function useCabinets(orderId: number) {
  useLiveEvents(['scan', 'order_status'], {
    keys: [scanKeys.cabinets(orderId)],
    match: (event) => orderOfEvent(event) === orderId,
  });
  return useQuery({
    queryKey: scanKeys.cabinets(orderId),
    queryFn: ({ signal }) => call(productionApi.cabinets, { params: { id: orderId }, signal }),
  });
}

export function useOrderScanSessions(orderId: number) {
  useLiveEvents(['scan'], {
    keys: [scanKeys.orderSessions(orderId)],
    match: (event) => orderOfEvent(event) === orderId,
  });
  return useQuery({
    queryKey: scanKeys.orderSessions(orderId),
    queryFn: ({ signal }) => call(productionApi.orderScanSessions, { params: { id: orderId }, signal }),
  });
}

/** After a hand move the order, its cabinets and lists change. */
export function useHandMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'startProduction' | 'complete' | 'ship' }) =>
      call(productionApi[action], { params: { id } }),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
      void client.invalidateQueries({ queryKey: scanKeys.cabinets(order.id) });
    },
  });
}

type LogQuery = Partial<z.input<typeof completedShippedLogQuerySchema>>;

export function useCompletionLog(query: LogQuery) {
  return useQuery({
    queryKey: scanKeys.log(query),
    queryFn: ({ signal }) =>
      call(productionApi.completedShippedLog, { query: query as unknown as Record<string, string>, signal }),
    placeholderData: keepPreviousData,
  });
}

export const downloadCompletionLog = (query: LogQuery) =>
  download(productionApi.completedShippedLog, {
    query: { ...query, format: 'csv' } as Record<string, string>,
    fallbackName: 'completed_shipped_log.csv',
  });

/** Orders found by name for the pre-scan search (SPEC 2 "pre-scan search screen"). */
export function useOrderSearch(name: string) {
  return useQuery({
    queryKey: [...base.all, 'order-search', name],
    queryFn: ({ signal }) => call(ordersApi.list, { query: { name, page_size: PAGE_SIZE.scanOrderSearch }, signal }),
    enabled: name.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
