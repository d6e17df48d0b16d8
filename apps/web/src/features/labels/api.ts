import {
  coreApi,
  type LabelMode,
  labelsApi,
  REMAKE_STATUSES,
  type RemakeRequest,
  type RemakeSource,
  type RemakeStatus,
  remakesApi,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download } from '../../lib/api.ts';

/** Labels, shelf lists and remakes: query keys, queries and mutations. */
const labelKeys = {
  all: ['labels'] as const,
  xmls: (order: number, mode: LabelMode, barcodes?: readonly string[]) =>
    [...labelKeys.all, 'xmls', order, mode, barcodes ?? 'all'] as const,
  shelves: (order: number) => [...labelKeys.all, 'shelves', order] as const,
  prints: (order: number) => [...labelKeys.all, 'prints', order] as const,
  remakes: resourceKeys('labels', 'remakes'),
};

/** `barcodes=a,b`: only those labels (a reprint); absent, all of the order's. */
const labelsQuery = (mode: LabelMode, barcodes?: readonly string[]) =>
  barcodes ? { mode, barcodes: barcodes.join(',') } : { mode };

export function useDymoXmls(order: number, mode: LabelMode, barcodes?: readonly string[]) {
  return useQuery({
    queryKey: labelKeys.xmls(order, mode, barcodes),
    queryFn: ({ signal }) =>
      call(labelsApi.dymoXmls, { params: { id: order }, query: labelsQuery(mode, barcodes), signal }),
  });
}

export function useShelfList(order: number) {
  return useQuery({
    queryKey: labelKeys.shelves(order),
    queryFn: ({ signal }) => call(labelsApi.shelfList, { params: { id: order }, signal }),
  });
}

export const downloadLabelsPdf = (order: number, mode: LabelMode, barcodes?: readonly string[]) =>
  download(labelsApi.dymoXmls, {
    params: { id: order },
    query: { ...labelsQuery(mode, barcodes), format: 'pdf' },
    fallbackName: `order-${order}-${mode}-labels.pdf`,
  });

/** The order's print records, newest first (GET {id}/label_prints/). */
export function useLabelPrints(order: number) {
  return useQuery({
    queryKey: labelKeys.prints(order),
    queryFn: ({ signal }) => call(labelsApi.labelPrints, { params: { id: order }, signal }),
  });
}

export const downloadShelfListPdf = (order: number) =>
  download(labelsApi.shelfList, {
    params: { id: order },
    query: { format: 'pdf' },
    fallbackName: `order-${order}-shelf-list.pdf`,
  });

/** An order's remakes (GET {id}/remake/). */
export function useOrderRemakes(order: number, enabled = true) {
  return useQuery({
    queryKey: [...labelKeys.remakes.all, 'order', order] as const,
    queryFn: ({ signal }) => call(remakesApi.ofOrder, { params: { id: order }, signal }),
    enabled,
  });
}

/** POST print_session/: a scan session's labels were printed (the scanning screens call it). */
export const recordSessionPrint = (session: number) => call(labelsApi.printSession, { body: { session } });

export function useRecordPrint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { order: number; mode: LabelMode; barcodes?: string[] }) => call(labelsApi.printList, { body }),
    onSuccess: (print) => {
      if (print.order !== null) void client.invalidateQueries({ queryKey: labelKeys.prints(print.order) });
    },
  });
}

export type RemakeFilters = { search: string; status: string; source: string };

/** The remake list; status '' (All) asks for every status, since the server's default is OPEN. */
export function useRemakeList(list: ListQueryState<RemakeFilters>) {
  const { status, source, ...rest } = listQueryOf(list) as Record<string, unknown> & Partial<RemakeFilters>;
  const query = {
    ...rest,
    status: status ? [status as RemakeStatus] : [...REMAKE_STATUSES],
    source: source ? [source as RemakeSource] : undefined,
  };
  return useQuery({
    queryKey: labelKeys.remakes.list(query),
    queryFn: ({ signal }) => call(remakesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRemakeMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: labelKeys.remakes.all }),
  });
}

export const useRequestRemake = (order: number) =>
  useRemakeMutation((body: RemakeRequest) => call(remakesApi.request, { params: { id: order }, body, form: true }));

export const useApproveRemake = () =>
  useRemakeMutation(({ id, charged }: { id: number; charged: boolean }) =>
    call(remakesApi.approve, { params: { id }, body: { charged } }),
  );

export const useRejectRemake = () =>
  useRemakeMutation(({ id, reason }: { id: number; reason: string }) =>
    call(remakesApi.reject, { params: { id }, body: { reason }, form: true }),
  );

/** settings.remake_reasons (GET api/core/settings/). */
export function useRemakeReasons() {
  return useQuery({
    queryKey: [...labelKeys.all, 'remake-reasons'] as const,
    queryFn: async ({ signal }) => (await call(coreApi.getSettings, { signal })).remake_reasons.reasons,
  });
}
