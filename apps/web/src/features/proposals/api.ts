import {
  type LiveEventKind,
  type Proposal,
  type ProposalCreate,
  type ProposalPatch,
  type ProposalSettingsPatch,
  proposalsApi,
} from '@cab/shared';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DateRange, sentRange } from '../../components/data-table/DateRangeFilter.tsx';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download, upload } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { orderKeys } from '../orders/index.ts';

/**
 * A dealer's proposals (issue 37): the list, one proposal and its moves, the ones made from an
 * order, the settings, the report; and the homeowner's page, read and answered by its token.
 */
const base = resourceKeys('proposals');
const proposalKeys = {
  ...base,
  ofOrder: (order: number) => [...base.all, 'order', order] as const,
  settings: (owner: SettingsOwner) => [...base.all, 'settings', owner] as const,
  report: (range: DateRange) => [...base.all, 'report', range] as const,
  public: (token: string) => ['public-proposal', token] as const,
};

const PROPOSAL_KINDS: readonly LiveEventKind[] = ['proposal'];

/**
 * The client's answers reach the dealer live (issue 37): a `proposal` event (viewed, accepted,
 * declined) makes every proposal query stale, and the order's too, which an acceptance submits.
 */
export function useProposalEvents(order?: number, enabled = true) {
  useLiveEvents(PROPOSAL_KINDS, {
    keys: order ? [proposalKeys.all, orderKeys.detail(order)] : [proposalKeys.all],
    enabled,
  });
}

export type ProposalFilters = { status: string; client: string } & DateRange;

export function useProposals(list: ListQueryState<ProposalFilters>) {
  const query = listQueryOf({ ...list, filters: { ...list.filters, ...sentRange(list.filters) } }) as Record<
    string,
    string | number
  >;
  return useQuery({
    queryKey: proposalKeys.list(query),
    queryFn: ({ signal }) => call(proposalsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useProposal = (id: number) =>
  useQuery({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => call(proposalsApi.detail, { params: { id }, signal }),
  });

export const useOrderProposals = (order: number, enabled = true) =>
  useQuery({
    queryKey: proposalKeys.ofOrder(order),
    queryFn: ({ signal }) => call(proposalsApi.ofOrder, { params: { id: order }, signal }),
    enabled,
  });

/** A proposal answered by a call: into its cache; the lists are stale. */
function stored(client: QueryClient, proposal: Proposal) {
  client.setQueryData(proposalKeys.detail(proposal.id), proposal);
  void client.invalidateQueries({ queryKey: base.lists() });
  void client.invalidateQueries({ queryKey: proposalKeys.ofOrder(proposal.order.id) });
}

export function useMakeProposal(order: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalCreate) => call(proposalsApi.create, { params: { id: order }, body, form: true }),
    onSuccess: (proposal) => stored(client, proposal),
  });
}

/** A draft's changes (PATCH: drafts only; the lists given replace the draft's). */
export function useEditProposal(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalPatch) => call(proposalsApi.update, { params: { id }, body, form: true }),
    onSuccess: (proposal) => stored(client, proposal),
  });
}

type Move = 'send' | 'newVersion' | 'withdraw';

/** Send (e-mails the client the link), New version (the old one withdrawn), Withdraw. */
export function useProposalMove(move: Move) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(proposalsApi[move], { params: { id } }),
    onSuccess: (proposal, id) => {
      stored(client, proposal);
      if (proposal.id !== id) void client.invalidateQueries({ queryKey: proposalKeys.detail(id) });
    },
  });
}

export const downloadProposalPdf = (p: Pick<Proposal, 'id' | 'number'>) =>
  download(proposalsApi.pdf, { params: { id: p.id }, fallbackName: `${p.number}.pdf` });

/** Whose settings: a company's (its manager, or ADMIN on its page) or the personal customer's own. */
export type SettingsOwner = { company: number } | 'me';

const settingsCalls = (owner: SettingsOwner) => {
  const params: Record<string, number> = owner === 'me' ? {} : { id: owner.company };
  return owner === 'me'
    ? { get: proposalsApi.mySettings, patch: proposalsApi.updateMySettings, logo: proposalsApi.myLogo, params }
    : {
        get: proposalsApi.companySettings,
        patch: proposalsApi.updateCompanySettings,
        logo: proposalsApi.companyLogo,
        params,
      };
};

export function useProposalSettings(owner: SettingsOwner) {
  const calls = settingsCalls(owner);
  return useQuery({
    queryKey: proposalKeys.settings(owner),
    queryFn: ({ signal }) => call(calls.get, { params: calls.params, signal }),
  });
}

export function useSaveProposalSettings(owner: SettingsOwner) {
  const client = useQueryClient();
  const calls = settingsCalls(owner);
  return useMutation({
    mutationFn: (body: ProposalSettingsPatch) => call(calls.patch, { params: calls.params, body, form: true }),
    onSuccess: (saved) => client.setQueryData(proposalKeys.settings(owner), saved),
  });
}

export function useUploadLogo(owner: SettingsOwner) {
  const client = useQueryClient();
  const calls = settingsCalls(owner);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return upload(calls.logo, { params: calls.params, form });
    },
    onSuccess: (saved) => client.setQueryData(proposalKeys.settings(owner), saved),
  });
}

export const useProposalReport = (range: DateRange) =>
  useQuery({
    queryKey: proposalKeys.report(range),
    queryFn: ({ signal }) => call(proposalsApi.report, { query: sentRange(range), signal }),
    placeholderData: keepPreviousData,
  });

export const downloadReportCsv = (range: DateRange) =>
  download(proposalsApi.report, { query: { ...sentRange(range), format: 'csv' }, fallbackName: 'proposals.csv' });

// The homeowner's page: no account; a wrong token is a 404 the page says itself.
export const usePublicProposal = (token: string) =>
  useQuery({
    queryKey: proposalKeys.public(token),
    queryFn: ({ signal }) => call(proposalsApi.publicDetail, { params: { token }, signal, skipCommonHandling: true }),
    retry: false,
  });

export function usePublicAnswer(token: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: proposalKeys.public(token) });
  const accept = useMutation({
    mutationFn: (name: string) =>
      call(proposalsApi.publicAccept, { params: { token }, body: { name, accept_terms: true }, form: true }),
    onSettled: refresh,
  });
  const decline = useMutation({
    mutationFn: (note: string) =>
      call(proposalsApi.publicDecline, { params: { token }, body: note ? { note } : {}, form: true }),
    onSettled: refresh,
  });
  return { accept, decline };
}
