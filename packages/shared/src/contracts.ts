import { accountsApi } from './accounts/contract.ts';
import { auditApi } from './audit/contract.ts';
import { authApi } from './auth/contract.ts';
import { catalogApi } from './catalog/contract.ts';
import { coreApi } from './core/contract.ts';
import { emailApi } from './email/contract.ts';
import { eventsApi } from './events/contract.ts';
import { financeApi } from './finance/contract.ts';
import type { Endpoint } from './http/contract.ts';
import { booksApi } from './invoices/books.ts';
import { invoicesApi } from './invoices/contract.ts';
import { payoutsApi } from './invoices/payouts.ts';
import { financeReportsApi } from './invoices/reports.ts';
import { labelsApi } from './labels/contract.ts';
import { opsApi } from './ops/contract.ts';
import { approvalsApi } from './orders/approval-contract.ts';
import { ordersApi } from './orders/contract.ts';
import { productionApi } from './production/contract.ts';
import { proposalsApi } from './proposals/contract.ts';
import { remakesApi } from './remakes/contract.ts';
import { reportsApi } from './reports/contract.ts';
import { transferApi } from './transfer/contract.ts';

/**
 * Every contract of the product, by area: the tests walk it (every contract called as every role,
 * every PATCH with an empty body) and the API document names each operation from it
 * (`catalogApi.categoryUpdate` is operation `catalog.categoryUpdate`). A new area is added here.
 */
const API_CONTRACTS: Record<string, Record<string, Endpoint>> = {
  authApi,
  accountsApi,
  auditApi,
  coreApi,
  catalogApi,
  emailApi,
  ordersApi,
  labelsApi,
  remakesApi,
  financeApi,
  productionApi,
  transferApi,
  reportsApi,
  invoicesApi,
  opsApi,
  financeReportsApi,
  eventsApi,
  approvalsApi,
  payoutsApi,
  booksApi,
  proposalsApi,
};

/** Each contract as `{ key: 'catalogApi.categoryUpdate', e }`, in API_CONTRACTS' order. */
export function allContracts(): { key: string; e: Endpoint }[] {
  return Object.entries(API_CONTRACTS).flatMap(([area, api]) =>
    Object.entries(api).map(([name, e]) => ({ key: `${area}.${name}`, e })),
  );
}
