import {
  accountsApi,
  coreApi,
  ORDER_DETAIL_TEXT as D,
  NOTIFY_MS,
  ORDER_LIFECYCLE_CODES,
  type Order,
  type OrderFilter,
  type OrderListQuery,
  ordersApi,
  PAGE_SIZE,
} from '@cab/shared';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ApiRequestError, call, download, isApiRequestError, upload } from '../../lib/api.ts';
import { orderOfEvent, useLiveEvents } from '../../lib/live-events.ts';
import { useSnackbar } from '../../lib/toasts.ts';
import { accountKeys } from '../accounts/index.ts';

/**
 * Order data: the query-key factory and one hook per ordersApi endpoint. A call that answers the
 * order puts it in the detail cache and marks the lists and the order's timeline stale; the other
 * parts of an order (comments, notes, to-dos, files) have their own keys, so a mutation invalidates
 * exactly those.
 */
const base = resourceKeys('orders');
type Part =
  | 'comments'
  | 'notes'
  | 'todos'
  | 'files'
  | 'timeline'
  | 'terms'
  | 'payment-options'
  | 'short'
  | 'submit-quote';
export const orderKeys = {
  ...base,
  part: (id: number, part: Part) => [...base.all, 'part', id, part] as const,
  paymentOptions: (id: number, date: string) => [...orderKeys.part(id, 'payment-options'), date] as const,
  /** GET accounts me/filters: the server default filter and the user's saved one. */
  meFilters: () => [...base.all, 'me-filters'] as const,
};

/** The list's query as the wire sends it (status as one comma-joined value). */
export type OrderListWireQuery = Omit<Partial<OrderListQuery>, 'status'> & { status?: string };

export function useOrderList(query: OrderListWireQuery, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => call(ordersApi.list, { query: query as Record<string, string>, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOrder(id: number, enabled = true) {
  // Its status moved, a cabinet of it was scanned or a remake of it changed, elsewhere: shown now.
  useLiveEvents(['order_status', 'scan', 'remake'], {
    keys: [orderKeys.detail(id)],
    match: (event) => orderOfEvent(event) === id && (event.kind !== 'scan' || event.data.result === 'OK'),
    enabled,
  });
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => call(ordersApi.detail, { params: { id }, signal }),
    enabled,
  });
}

/** The order as a call answered it: into the detail cache; lists and the timeline are stale. */
export function storeOrder(client: QueryClient, order: Order): void {
  client.setQueryData(orderKeys.detail(order.id), order);
  void client.invalidateQueries({ queryKey: orderKeys.lists() });
  void client.invalidateQueries({ queryKey: orderKeys.part(order.id, 'timeline') });
  void client.invalidateQueries({ queryKey: orderKeys.part(order.id, 'short') });
}

/** The order a change is made on: its id and the version the person is looking at. */
export type OrderRef = Pick<Order, 'id' | 'version'>;

/** The code of a change sent with a stale version: shown by the order page, not as a popup. */
const CHANGED = [ORDER_LIFECYCLE_CODES.changedConcurrently] as const;
const isStale = (error: unknown): error is ApiRequestError =>
  isApiRequestError(error) && error.status === 409 && error.code === ORDER_LIFECYCLE_CODES.changedConcurrently;

/**
 * Every call that changes an order: sent with the version on screen (`version`), its answer
 * stored. A 409 order_changed_concurrently (someone changed the order meanwhile) says so and
 * fetches the order again; what the person typed stays in its form for a second try.
 */
function useOrderChange<V, R = Order>(
  order: OrderRef,
  fn: (vars: V, version: number, handles: readonly string[]) => Promise<R>,
  orderOf: (result: R) => Order = (result) => result as unknown as Order,
) {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: (vars: V) => fn(vars, order.version, CHANGED),
    onSuccess: (result) => storeOrder(client, orderOf(result)),
    onError: (error) => {
      if (!isStale(error)) return;
      error.handled = true;
      enqueueSnackbar(D.changedMeanwhile, { variant: 'warning', autoHideDuration: NOTIFY_MS.lineItemImport });
      void client.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      void client.invalidateQueries({ queryKey: orderKeys.part(order.id, 'timeline') });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Draft (the builder saves through builder/api.ts saveDraft)

// ---------------------------------------------------------------------------------------------
// Lifecycle

/** The moves without a payload. */
export type SimpleMove = 'approve' | 'start_editing' | 'stop_editing' | 'fix' | 'cancel';
const SIMPLE_MOVES = {
  approve: ordersApi.approve,
  start_editing: ordersApi.startEditing,
  stop_editing: ordersApi.stopEditing,
  fix: ordersApi.fix,
  cancel: ordersApi.cancel,
} as const;

export const useOrderMove = (order: OrderRef) =>
  useOrderChange(order, (move: SimpleMove, version, handles) =>
    call(SIMPLE_MOVES[move], { params: { id: order.id }, body: { version }, handles }),
  );

export const useDeclineOrder = (order: OrderRef) =>
  useOrderChange(order, (reason: string, version, handles) =>
    call(ordersApi.decline, { params: { id: order.id }, body: { reason, version }, form: true, handles }),
  );

/** clone answers the new BID; the source order is unchanged. */
export function useCloneOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ordersApi.clone, { params: { id } }),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}

export const useRecalculate = (order: OrderRef) =>
  useOrderChange(
    order,
    (_: undefined, version, handles) =>
      call(ordersApi.recalculate, { params: { id: order.id }, body: { version }, handles }),
    (result) => result.order,
  );

/** POST {id}/submit/ (multipart): the form's fields, the version and the supplement documents. */
export const useSubmitOrder = (order: OrderRef) =>
  useOrderChange(order, (form: FormData, version, handles) => {
    form.set('version', String(version));
    return upload(ordersApi.submit, { params: { id: order.id }, form, handles });
  });

// ---------------------------------------------------------------------------------------------
// Price

export const useUpdateCustomDiscount = (order: OrderRef) =>
  useOrderChange(
    order,
    (
      body: {
        custom_discount_amount: string | null;
        custom_discount_percentage: string | null;
        custom_discount_notes?: string;
      },
      version,
      handles,
    ) =>
      call(ordersApi.updateCustomDiscount, {
        params: { id: order.id },
        body: { ...body, version },
        form: true,
        handles,
      }),
  );

export const useDiscountCode = (order: OrderRef) =>
  useOrderChange(order, (discount_code: string, version, handles) =>
    call(ordersApi.discountCode, { params: { id: order.id }, body: { discount_code, version }, form: true, handles }),
  );

export const useCancelDiscountCode = (order: OrderRef) =>
  useOrderChange(order, (_: undefined, version, handles) =>
    call(ordersApi.cancelDiscountCode, { params: { id: order.id }, body: { version }, handles }),
  );

export const useBypassPaymentOptionDiscount = (order: OrderRef) =>
  useOrderChange(order, (bypass: boolean, version, handles) =>
    call(ordersApi.updateBypassPaymentOptionDiscount, {
      params: { id: order.id },
      body: { bypass_payment_option_discount: bypass, version },
      handles,
    }),
  );

export function usePaymentOptions(id: number, date: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.paymentOptions(id, date),
    queryFn: ({ signal }) => call(ordersApi.paymentOptions, { params: { id }, query: date ? { date } : {}, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * {id}/quote/: the total the submit would commit to with these choices. Keyed by the
 * order's version too, so a change of the order prices again.
 */
export function useSubmitQuote(id: number, version: number, choice: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.part(id, 'submit-quote'), version, choice] as const,
    queryFn: ({ signal }) => call(ordersApi.quote, { params: { id }, query: choice, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTermsOfUse(id: number) {
  return useQuery({
    queryKey: orderKeys.part(id, 'terms'),
    queryFn: ({ signal }) => call(ordersApi.termsOfUse, { params: { id }, signal }),
    staleTime: 10 * 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Comments, notes, to-dos

export function useComments(id: number) {
  return useQuery({
    queryKey: orderKeys.part(id, 'comments'),
    queryFn: ({ signal }) => call(ordersApi.comments, { params: { id }, signal }),
  });
}

function usePartMutation<V, R>(id: number, part: Part, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: orderKeys.part(id, part) });
      void client.invalidateQueries({ queryKey: orderKeys.part(id, 'timeline') });
    },
  });
}

export const useAddComment = (id: number) =>
  usePartMutation(id, 'comments', (text: string) =>
    call(ordersApi.addComment, { params: { id }, body: { text }, form: true }),
  );

export function useNotes(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.part(id, 'notes'),
    queryFn: ({ signal }) => call(ordersApi.notes, { params: { id }, signal }),
    enabled,
  });
}

/** update_order_note: a new note without note_id, else an edit of that note. */
export const useSaveNote = (id: number) =>
  usePartMutation(id, 'notes', (body: { note_id?: number; note: string }) =>
    call(ordersApi.updateOrderNote, { params: { id }, body, form: true }),
  );

export const useResolveNote = (id: number) =>
  usePartMutation(id, 'notes', (note_id: number) =>
    call(ordersApi.resolveOrderNote, { params: { id }, body: { note_id } }),
  );

export function useTodos(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.part(id, 'todos'),
    queryFn: ({ signal }) =>
      call(ordersApi.todos, { params: { id }, query: { page: 1, page_size: PAGE_SIZE.orderParts }, signal }),
    enabled,
  });
}

export const useAddTodo = (id: number) =>
  usePartMutation(id, 'todos', (text: string) =>
    call(ordersApi.addTodo, { params: { id }, body: { text }, form: true }),
  );

export const useCompleteTodo = (id: number) =>
  usePartMutation(id, 'todos', ({ todoId, is_completed }: { todoId: number; is_completed: boolean }) =>
    call(ordersApi.completeTodo, { params: { id, todoId }, body: { is_completed } }),
  );

export const useDeleteTodo = (id: number) =>
  usePartMutation(id, 'todos', (todoId: number) => call(ordersApi.deleteTodo, { params: { id, todoId } }));

// ---------------------------------------------------------------------------------------------
// Files and timeline

export function useOrderFiles(id: number) {
  return useQuery({
    queryKey: orderKeys.part(id, 'files'),
    queryFn: ({ signal }) => call(ordersApi.files, { params: { id }, signal }),
  });
}

export const useAddFiles = (id: number) =>
  usePartMutation(id, 'files', ({ files, replace }: { files: File[]; replace: boolean }) => {
    const form = new FormData();
    form.append('replace', String(replace));
    for (const file of files) form.append('files', file);
    return upload(ordersApi.addFiles, { params: { id }, form });
  });

export const useAddStatusDocs = (id: number) =>
  usePartMutation(id, 'files', (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file);
    return upload(ordersApi.addStatusDocs, { params: { id }, form });
  });

export const downloadOrderFile = (id: number, fileId: number, name: string) =>
  download(ordersApi.fileDownload, { params: { id, fileId }, fallbackName: name });

export function useTimeline(id: number) {
  return useQuery({
    queryKey: orderKeys.part(id, 'timeline'),
    queryFn: ({ signal }) => call(ordersApi.timeline, { params: { id }, signal }),
  });
}

// ---------------------------------------------------------------------------------------------
// The user's order filter (accounts me/filters)

/** SPEC 4: the server default filter loads once only. */
export function useMeFilters() {
  return useQuery({
    queryKey: orderKeys.meFilters(),
    queryFn: ({ signal }) => call(accountsApi.meFilters, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveMeFilters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order_filter: OrderFilter | null) => call(accountsApi.updateMeFilters, { body: { order_filter } }),
    onSuccess: (filters) => client.setQueryData(orderKeys.meFilters(), filters),
  });
}

// ---------------------------------------------------------------------------------------------
// What the submit form needs besides the order: the lead time and the holidays it skips

/** The lead time (business days) and the holidays of this year and the next, for the earliest date. */
export function useLeadTime(year: number) {
  return useQuery({
    queryKey: [...base.all, 'lead-time', year] as const,
    queryFn: async ({ signal }) => {
      const [settings, thisYear, nextYear] = await Promise.all([
        call(coreApi.getSettings, { signal }),
        call(coreApi.holidays, { query: { year }, signal }),
        call(coreApi.holidays, { query: { year: year + 1 }, signal }),
      ]);
      return { leadTime: settings.lead_time, holidays: new Set([...thisYear, ...nextYear].map((h) => h.date)) };
    },
    staleTime: 10 * 60_000,
  });
}

/** The order's customer's addresses (accounts customer/{id}/address), once the customer is known. */
export function useCustomerAddresses(customer: number | undefined) {
  return useQuery({
    queryKey: accountKeys.addresses.detail(customer ?? 0),
    queryFn: ({ signal }) => call(accountsApi.addresses, { params: { id: customer ?? 0 }, signal }),
    enabled: customer !== undefined,
  });
}
