import {
  type ACCESS_REQUEST_STATUSES,
  type AccessRequestBody,
  accountsApi,
  type BusinessUserPatch,
  type CompanyProfilePatch,
  type InviteBody,
  type ProfilePatch,
  type RegisterBody,
  type RegisterBusinessBody,
  type StaffBody,
  type StaffPatch,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceFamily } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call } from '../../lib/api.ts';
import { authKeys } from '../auth/index.ts';

/**
 * Account data: query keys, list/detail queries and the mutations of the account screens. The
 * list hooks take a list state (useListState) and send its page, size and filters.
 */
export const accountKeys = {
  ...resourceFamily('accounts', [
    'personal',
    'staff',
    'companies',
    'businessUsers',
    'requests',
    'customers',
    'profiles',
    'companyProfiles',
    'addresses',
  ]),
  options: () => [...accountKeys.all, 'me-options'] as const,
};

export type SearchList = ListQueryState<{ search: string }>;

function useAccountList(kind: 'personal' | 'staff', list: SearchList) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: accountKeys[kind].list(query),
    queryFn: ({ signal }) => call(accountsApi[kind], { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const usePersonalAccounts = (list: SearchList) => useAccountList('personal', list);
export const useStaffAccounts = (list: SearchList) => useAccountList('staff', list);

export function useCompanyList(list: SearchList) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: accountKeys.companies.list(query),
    queryFn: ({ signal }) => call(accountsApi.companies, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The users of `company` (an admin), or of the signed-in manager's company (undefined). */
export function useBusinessUsers(company: number | undefined, list: SearchList) {
  const query = { ...listQueryOf(list), company };
  return useQuery({
    queryKey: accountKeys.businessUsers.list(query),
    queryFn: ({ signal }) => call(accountsApi.businessUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: accountKeys.customers.detail(id),
    queryFn: ({ signal }) => call(accountsApi.customer, { params: { id }, signal }),
  });
}

export function useProfile(id: number) {
  return useQuery({
    queryKey: accountKeys.profiles.detail(id),
    queryFn: ({ signal }) => call(accountsApi.profile, { params: { id }, signal }),
  });
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: accountKeys.companies.detail(id),
    queryFn: ({ signal }) => call(accountsApi.company, { params: { id }, signal }),
  });
}

/** A company's profile; null (a user without a company) loads nothing. */
export function useCompanyProfile(id: number | null) {
  return useQuery({
    queryKey: accountKeys.companyProfiles.detail(id ?? 0),
    queryFn: ({ signal }) => call(accountsApi.companyProfile, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useAddresses(id: number) {
  return useQuery({
    queryKey: accountKeys.addresses.detail(id),
    queryFn: ({ signal }) => call(accountsApi.addresses, { params: { id }, signal }),
  });
}

export function useMeOptions() {
  return useQuery({
    queryKey: accountKeys.options(),
    queryFn: ({ signal }) => call(accountsApi.meOptions, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useAccessRequests(list: ListQueryState<{ status: string }>) {
  const query = listQueryOf(list) as { page: number; page_size: number; status?: AccessRequestStatus };
  return useQuery({
    queryKey: accountKeys.requests.list(query),
    queryFn: ({ signal }) => call(accountsApi.accessRequests, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** Every account mutation changes lists and details that may be cached: refetch them all. */
function useAccountsMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // The app bar shows the signed-in user's name and company, which a profile edit may change.
      await Promise.all([
        client.invalidateQueries({ queryKey: accountKeys.all }),
        client.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}

export const useInvite = () =>
  useAccountsMutation((body: InviteBody) => call(accountsApi.invite, { body, form: true }));

export const useRegister = () =>
  useAccountsMutation(({ business, body }: { business: boolean; body: RegisterBody | RegisterBusinessBody }) =>
    business
      ? call(accountsApi.registerBusiness, { body: body as RegisterBusinessBody, form: true })
      : call(accountsApi.register, { body, form: true }),
  );

export const useCreateStaff = () =>
  useAccountsMutation((body: StaffBody) => call(accountsApi.createStaff, { body, form: true }));

export const useUpdateStaff = () =>
  useAccountsMutation(({ id, body }: { id: number; body: StaffPatch }) =>
    call(accountsApi.updateStaff, { params: { id }, body, form: true }),
  );

export const useUpdateBusinessUser = () =>
  useAccountsMutation(({ id, body }: { id: number; body: BusinessUserPatch }) =>
    call(accountsApi.updateBusinessUser, { params: { id }, body, form: true }),
  );

export const useMakeManager = () =>
  useAccountsMutation(({ id, isManager }: { id: number; isManager: boolean }) =>
    call(accountsApi.makeManager, { params: { id }, body: { is_manager: isManager } }),
  );

export const useUpdateProfile = () =>
  useAccountsMutation(({ id, body }: { id: number; body: ProfilePatch }) =>
    call(accountsApi.updateProfile, { params: { id }, body, form: true }),
  );

export const useUpdateCompanyProfile = () =>
  useAccountsMutation(({ id, body }: { id: number; body: CompanyProfilePatch }) =>
    call(accountsApi.updateCompanyProfile, { params: { id }, body, form: true }),
  );

export const useAcceptAccessRequest = () =>
  useAccountsMutation((id: number) => call(accountsApi.acceptAccessRequest, { params: { id } }));

export const useRejectAccessRequest = () =>
  useAccountsMutation(({ id, reason }: { id: number; reason: string }) =>
    call(accountsApi.rejectAccessRequest, { params: { id }, body: { reason }, form: true }),
  );

/** The public form: its errors (fields, rate limit) are shown on the form, not in a popup. */
export const useSendAccessRequest = () =>
  useMutation({
    mutationFn: (body: AccessRequestBody) => call(accountsApi.sendAccessRequest, { body, skipCommonHandling: true }),
  });
