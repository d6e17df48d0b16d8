import {
  type AccessRequestBody,
  type AccountsQuery,
  accountsApi,
  type BusinessUserPatch,
  type BusinessUsersQuery,
  type CompanyProfilePatch,
  type InviteBody,
  type ProfilePatch,
  type RegisterBody,
  type RegisterBusinessBody,
  type StaffBody,
  type StaffPatch,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { authKeys } from '../auth/api.ts';

/** Account data: query keys, list/detail queries and the mutations of the account screens. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: (kind: string, query: unknown) => [...accountKeys.all, 'list', kind, query] as const,
  customer: (id: number) => [...accountKeys.all, 'customer', id] as const,
  profile: (id: number) => [...accountKeys.all, 'profile', id] as const,
  company: (id: number) => [...accountKeys.all, 'company', id] as const,
  companyProfile: (id: number) => [...accountKeys.all, 'company-profile', id] as const,
  addresses: (id: number) => [...accountKeys.all, 'addresses', id] as const,
  requests: (query: unknown) => [...accountKeys.all, 'requests', query] as const,
  options: () => [...accountKeys.all, 'me-options'] as const,
};

type ListKind = 'personal' | 'companies' | 'staff';

export function useAccountList(kind: 'personal' | 'staff', query: AccountsQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list(kind, query),
    queryFn: ({ signal }) => call(accountsApi[kind], { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompanyList(query: { page: number; page_size: number; search?: string }, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list('companies' satisfies ListKind, query),
    queryFn: ({ signal }) => call(accountsApi.companies, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBusinessUsers(query: BusinessUsersQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list('business', query),
    queryFn: ({ signal }) => call(accountsApi.businessUsers, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: accountKeys.customer(id),
    queryFn: ({ signal }) => call(accountsApi.customer, { params: { id }, signal }),
  });
}

export function useProfile(id: number) {
  return useQuery({
    queryKey: accountKeys.profile(id),
    queryFn: ({ signal }) => call(accountsApi.profile, { params: { id }, signal }),
  });
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: accountKeys.company(id),
    queryFn: ({ signal }) => call(accountsApi.company, { params: { id }, signal }),
  });
}

/** A company's profile; null (a user without a company) loads nothing. */
export function useCompanyProfile(id: number | null) {
  return useQuery({
    queryKey: accountKeys.companyProfile(id ?? 0),
    queryFn: ({ signal }) => call(accountsApi.companyProfile, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useAddresses(id: number) {
  return useQuery({
    queryKey: accountKeys.addresses(id),
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

export function useAccessRequests(query: { page: number; page_size: number; status?: string }) {
  return useQuery({
    queryKey: accountKeys.requests(query),
    queryFn: ({ signal }) =>
      call(accountsApi.accessRequests, {
        query: query as { page: number; page_size: number; status?: 'PENDING' | 'ACCEPTED' | 'REJECTED' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

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
