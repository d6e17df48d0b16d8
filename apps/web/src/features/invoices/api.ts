import { accountsApi, booksApi, coreApi, invoicesApi, type PayBody, type RefundBody } from '@cab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sentRange } from '../../components/data-table/DateRangeFilter.tsx';
import { resourceFamily } from '../../components/data-table/queryKeys.ts';
import { type ListQueryState, listQueryOf } from '../../components/data-table/useListState.ts';
import { call, download } from '../../lib/api.ts';

/** Invoice, payment, credit and bank data: query keys, queries and the mutations of the money screens. */
export const invoiceKeys = {
  ...resourceFamily('invoices', ['invoices', 'milestones', 'payments', 'credits', 'banks']),
  stripe: ['invoices', 'stripe-config'] as const,
};

export type InvoiceFilters = { status: string; customer: string; company: string; order: string };

export function useInvoices(
  list: ListQueryState<InvoiceFilters>,
  fixed: { customer?: number; company?: number; order_name?: string } = {},
) {
  // An absent fixed value must not blank the list's own filter (the Customer filter of /invoices).
  const given = Object.fromEntries(Object.entries(fixed).filter(([, v]) => v !== undefined));
  const query = { ...listQueryOf(list), ...given };
  return useQuery({
    queryKey: invoiceKeys.invoices.list(query),
    queryFn: ({ signal }) => call(invoicesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useInvoice = (id: number) =>
  useQuery({
    queryKey: invoiceKeys.invoices.detail(id),
    queryFn: ({ signal }) => call(invoicesApi.detail, { params: { id }, signal }),
  });

export const useMilestone = (id: number) =>
  useQuery({
    queryKey: invoiceKeys.milestones.detail(id),
    queryFn: ({ signal }) => call(invoicesApi.milestone, { params: { id }, signal }),
  });

/** The Receipts page's filters (issue 34): what the payment search takes, as the list keeps them. */
export type PaymentFilters = {
  reference: string;
  payer: string;
  method: string;
  status: string;
  date_after: string;
  date_before: string;
  amount: string;
};

/** A list's query with the dates as sent (none while reversed). */
const paymentQuery = (list: ListQueryState<PaymentFilters>) =>
  listQueryOf({ ...list, filters: { ...list.filters, ...sentRange(list.filters) } });

export function usePayments(list: ListQueryState<PaymentFilters>) {
  const query = paymentQuery(list);
  return useQuery({
    queryKey: invoiceKeys.payments.list(query),
    queryFn: ({ signal }) => call(invoicesApi.payments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every money answer may have moved: invoices, milestones, payments, credit (and the orders' invoice). */
function useInvalidateMoney() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: invoiceKeys.all });
    void client.invalidateQueries({ queryKey: ['orders'] });
  };
}

/**
 * `form`: a form shows the answer's field errors under its fields (no popup saying them again);
 * `inline`: the page shows every error itself, once (the pay page), no popup at all.
 */
export function usePay(
  milestoneId: number,
  { form = false, inline = false }: { form?: boolean; inline?: boolean } = {},
) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: PayBody) =>
      call(invoicesApi.pay, { params: { id: milestoneId }, body, form, skipCommonHandling: inline }),
    onSuccess: invalidate,
  });
}

/** ADMIN: money back on a payment; field errors show under the dialog's fields. */
export function useRefund(paymentId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: RefundBody) => call(invoicesApi.refund, { params: { id: paymentId }, body, form: true }),
    onSuccess: invalidate,
  });
}

export type CreditParty = { type: 'customer' | 'company'; id: number };

/** The customer's or company's name (the account pages' credit dialog is titled with it). */
export function usePartyName(party: CreditParty): string | undefined {
  const customer = useQuery({
    queryKey: ['accounts', 'customer', party.id, 'name'],
    queryFn: ({ signal }) => call(accountsApi.customer, { params: { id: party.id }, signal }),
    enabled: party.type === 'customer',
  });
  const company = useQuery({
    queryKey: ['accounts', 'company', party.id, 'name'],
    queryFn: ({ signal }) => call(accountsApi.company, { params: { id: party.id }, signal }),
    enabled: party.type === 'company',
  });
  if (party.type === 'company') return company.data?.name;
  const person = customer.data;
  return person ? person.full_name || person.email : undefined;
}

export const useCredits = (party: CreditParty, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.credits.detail(`${party.type}-${party.id}`),
    queryFn: ({ signal }) =>
      call(party.type === 'customer' ? invoicesApi.customerCredit : invoicesApi.companyCredit, {
        params: { id: party.id },
        signal,
      }),
    enabled,
  });

export function useCreateCredit(party: CreditParty) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { amount: string; notes?: string }) =>
      call(party.type === 'customer' ? invoicesApi.customerCreditCreate : invoicesApi.companyCreditCreate, {
        params: { id: party.id },
        body,
        form: true,
      }),
    onSuccess: invalidate,
  });
}

export function useReverseCredit() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ id, notes }: { id: number; notes: string }) =>
      call(invoicesApi.reverseCredit, { params: { id }, body: { notes } }),
    onSuccess: invalidate,
  });
}

export const useMyBanks = (enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.banks.detail('mine'),
    queryFn: ({ signal }) => call(invoicesApi.banks, { signal }),
    enabled,
  });

export function useCreateBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { account_holder_name: string; account_holder_type?: 'individual' | 'company' }) =>
      call(invoicesApi.bankCreate, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: invoiceKeys.banks.all }),
  });
}

export function useVerifyBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, micro_deposits }: { id: number; micro_deposits: string[] }) =>
      call(invoicesApi.bankVerify, { params: { id }, body: { micro_deposits }, form: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: invoiceKeys.banks.all }),
  });
}

/** The Stripe publishable key ('' when card and bank payments are not configured). */
export const useStripeKey = () =>
  useQuery({
    queryKey: invoiceKeys.stripe,
    queryFn: ({ signal }) => call(coreApi.stripe, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const downloadInvoicePdf = (id: number, number: string) =>
  download(invoicesApi.pdf, { params: { id }, fallbackName: `${number}.pdf` });
export const downloadReceipt = (id: number) =>
  download(invoicesApi.receipt, { params: { id }, fallbackName: `receipt-${id}.pdf` });
export const downloadRefundReceipt = (id: number) =>
  download(invoicesApi.refundReceipt, { params: { id }, fallbackName: `refund-${id}.pdf` });

/** Every payment the filters find, as a CSV file. */
export function downloadPayments(list: ListQueryState<PaymentFilters>) {
  const { page: _p, page_size: _s, ...query } = paymentQuery(list);
  return download(invoicesApi.payments, { query: { ...query, format: 'csv' }, fallbackName: 'payments.csv' });
}

/** A statement's range; '' is the server's default (this month to today). */
export type StatementRange = { date_after: string; date_before: string };

const statementCall = (party: CreditParty) =>
  party.type === 'customer'
    ? { read: booksApi.customerStatement, mail: booksApi.customerStatementMail }
    : { read: booksApi.companyStatement, mail: booksApi.companyStatementMail };
const rangeQuery = (r: StatementRange) => ({
  ...(r.date_after ? { date_after: r.date_after } : {}),
  ...(r.date_before ? { date_before: r.date_before } : {}),
});

/** A customer's or company's statement of account (issue 34). */
export function useStatement(party: CreditParty | null, range: StatementRange) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: [...invoiceKeys.all, 'statement', party, query] as const,
    queryFn: ({ signal }) => call(statementCall(party!).read, { params: { id: party!.id }, query, signal }),
    enabled: party !== null,
    placeholderData: keepPreviousData,
  });
}

export const downloadStatement = (party: CreditParty, range: StatementRange) =>
  download(statementCall(party).read, {
    params: { id: party.id },
    query: { ...rangeQuery(range), format: 'pdf' },
    fallbackName: `statement-${party.type}-${party.id}.pdf`,
  });

export function useMailStatement(party: CreditParty) {
  return useMutation({
    mutationFn: (range: StatementRange) =>
      call(statementCall(party).mail, { params: { id: party.id }, body: rangeQuery(range) }),
  });
}
