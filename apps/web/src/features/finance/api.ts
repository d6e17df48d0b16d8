import {
  accountsApi,
  type Endpoint,
  financeApi,
  type OverdueInterestBody,
  PAGE_SIZE,
  type StorageFeesBody,
} from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from '../../components/data-table/listParams.ts';
import { resourceKeys } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call } from '../../lib/api.ts';

/**
 * The finance rule lists (issue 17) and the account pages' finance calls. Each rule kind has its
 * five endpoints in `financeApi`; `RULES` names them so one set of hooks serves all five.
 */
export type RuleKindName = 'paymentOption' | 'paymentRule' | 'surcharge' | 'boundDiscount' | 'discountCode';

const financeKeys = {
  rules: (kind: RuleKindName) => resourceKeys('finance', kind),
  settings: (party: Party, id: number, what: 'interest' | 'storage') =>
    ['finance', 'settings', party, id, what] as const,
  /** The choices of the rule forms: every payment option, company, customer. */
  choices: (what: 'options' | 'companies' | 'customers') => ['finance', 'choices', what] as const,
};

const endpoints = (kind: RuleKindName) => ({
  list: financeApi[`${kind}List`] as Endpoint,
  create: financeApi[`${kind}Create`] as Endpoint,
  update: financeApi[`${kind}Update`] as Endpoint,
  remove: financeApi[`${kind}Delete`] as Endpoint,
});

export function useRulePage<R, F extends Params>(kind: RuleKindName, list: ListQueryState<F>) {
  const query = listQueryOf(list);
  return useQuery({
    queryKey: financeKeys.rules(kind).list(query),
    queryFn: ({ signal }) => call(endpoints(kind).list, { query, signal }) as Promise<{ results: R[]; total: number }>,
    placeholderData: keepPreviousData,
  });
}

export function useSaveRule<R extends { id: number }>(kind: RuleKindName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) =>
      (id === undefined
        ? call(endpoints(kind).create, { body: body as never, form: true })
        : call(endpoints(kind).update, { params: { id }, body: body as never, form: true })) as Promise<R>,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: financeKeys.rules(kind).all });
      void client.invalidateQueries({ queryKey: ['finance', 'choices'] });
    },
  });
}

export function useDeleteRule<R extends { id: number }>(kind: RuleKindName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: R) => call(endpoints(kind).remove, { params: { id: row.id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: financeKeys.rules(kind).all });
      void client.invalidateQueries({ queryKey: ['finance', 'choices'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Choices of the rule forms and names of the list columns

const ALL = { page: 1, page_size: PAGE_SIZE.max };

export const usePaymentOptionChoices = () =>
  useQuery({
    queryKey: financeKeys.choices('options'),
    queryFn: async ({ signal }) =>
      (await call(financeApi.paymentOptionList, { query: { ...ALL, order_by: 'index' }, signal })).results.map((o) => ({
        id: o.id,
        name: o.name,
      })),
  });

export const useCompanyChoices = () =>
  useQuery({
    queryKey: financeKeys.choices('companies'),
    queryFn: async ({ signal }) =>
      (await call(accountsApi.companies, { query: ALL, signal })).results.map((c) => ({ id: c.id, name: c.name })),
  });

/** Every customer's id and name (ADMIN only: pass `enabled` false for anyone else). */
export const useCustomerChoices = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: financeKeys.choices('customers'),
    queryFn: async ({ signal }) =>
      (await call(accountsApi.customers, { query: ALL, signal })).results.map((u) => ({
        id: u.id,
        name: u.full_name || u.email,
      })),
  });

// ---------------------------------------------------------------------------------------------
// The account pages: reminders, overdue interest, storage fees

export type Party = 'customer' | 'company';

const partyCalls = (party: Party) =>
  party === 'customer'
    ? {
        payment: financeApi.customerPaymentReminder,
        pickup: financeApi.customerPickupReminder,
        interest: financeApi.customerOverdueInterest,
        setInterest: financeApi.customerUpdateOverdueInterest,
        storage: financeApi.customerStorageFees,
        setStorage: financeApi.customerUpdateStorageFees,
      }
    : {
        payment: financeApi.companyPaymentReminder,
        pickup: financeApi.companyPickupReminder,
        interest: financeApi.companyOverdueInterest,
        setInterest: financeApi.companyUpdateOverdueInterest,
        storage: financeApi.companyStorageFees,
        setStorage: financeApi.companyUpdateStorageFees,
      };

export const useSendReminder = (party: Party, id: number, which: 'payment' | 'pickup') =>
  useMutation({ mutationFn: () => call(partyCalls(party)[which], { params: { id } }) });

export const useOverdueInterest = (party: Party, id: number) =>
  useQuery({
    queryKey: financeKeys.settings(party, id, 'interest'),
    queryFn: ({ signal }) => call(partyCalls(party).interest, { params: { id }, signal }),
  });

export const useStorageFees = (party: Party, id: number) =>
  useQuery({
    queryKey: financeKeys.settings(party, id, 'storage'),
    queryFn: ({ signal }) => call(partyCalls(party).storage, { params: { id }, signal }),
  });

export function useSaveOverdueInterest(party: Party, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverdueInterestBody) =>
      call(partyCalls(party).setInterest, { params: { id }, body, form: true }),
    onSuccess: (data) => client.setQueryData(financeKeys.settings(party, id, 'interest'), data),
  });
}

export function useSaveStorageFees(party: Party, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StorageFeesBody) => call(partyCalls(party).setStorage, { params: { id }, body, form: true }),
    onSuccess: (data) => client.setQueryData(financeKeys.settings(party, id, 'storage'), data),
  });
}
