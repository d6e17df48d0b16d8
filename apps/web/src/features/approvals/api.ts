import { approvalsApi, type LiveEventKind, type Order } from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { storeOrder } from '../orders/index.ts';
import type { CompanyApprovalsBody } from './limits.ts';

/**
 * Approvals data (issue 30): the company's rule and limits, the queue and its count of waiting
 * requests (the menu's badge), and the manager's decisions on an order.
 */
const base = resourceKeys('approvals');
const approvalKeys = {
  ...base,
  company: (id: number) => [...base.all, 'company', id] as const,
  waiting: () => [...base.all, 'waiting'] as const,
};

export function useCompanyApprovals(id: number) {
  return useQuery({
    queryKey: approvalKeys.company(id),
    queryFn: ({ signal }) => call(approvalsApi.companyApprovals, { params: { id }, signal }),
  });
}

export function useSaveCompanyApprovals(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyApprovalsBody) => call(approvalsApi.updateCompanyApprovals, { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(approvalKeys.company(id), saved),
  });
}

export type QueueFilters = { status: string };

export function useApprovalQueue(list: ListQueryState<QueueFilters>) {
  const query = listQueryOf(list) as Record<string, string | number>;
  return useQuery({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => call(approvalsApi.queue, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const APPROVAL_KINDS: readonly LiveEventKind[] = ['approval'];

/**
 * How many requests wait for this manager (the menu's badge): one row asked, the total read. The
 * badge stays in the shell while the pages change and follows the live `approval` events (issue
 * 35: a request asked, decided or withdrawn), which also make the queue stale: an employee's new
 * request shows without a reload, and without polling.
 */
export function useWaitingCount(enabled: boolean) {
  useLiveEvents(APPROVAL_KINDS, { keys: [approvalKeys.all], enabled });
  return useQuery({
    queryKey: approvalKeys.waiting(),
    queryFn: ({ signal }) => call(approvalsApi.queue, { query: { status: 'PENDING', page: 1, page_size: 1 }, signal }),
    select: (page) => page.total,
    enabled,
  });
}

/** A decision answers the order: into its cache; the queue and the badge are stale. */
function useDecision<V>(fn: (vars: V) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (order) => {
      storeOrder(client, order);
      void client.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
}

export const useApproveOrder = (order: Pick<Order, 'id' | 'version'>) =>
  useDecision((note: string) =>
    call(approvalsApi.approve, {
      params: { id: order.id },
      body: { version: order.version, ...(note ? { note } : {}) },
    }),
  );

export const useDeclineApproval = (order: Pick<Order, 'id' | 'version'>) =>
  useDecision((reason: string) =>
    call(approvalsApi.decline, { params: { id: order.id }, body: { reason, version: order.version } }),
  );
