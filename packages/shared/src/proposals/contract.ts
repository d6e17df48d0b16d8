import { z } from 'zod';
import { ACCOUNTS_BASE } from '../auth/contract.ts';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  proposalAcceptSchema,
  proposalCreateSchema,
  proposalDeclineSchema,
  proposalListQuerySchema,
  proposalPatchSchema,
  proposalReportQuerySchema,
  proposalReportSchema,
  proposalRowSchema,
  proposalSchema,
  proposalSettingsPatchSchema,
  proposalSettingsSchema,
  publicProposalSchema,
} from './schemas.ts';

/**
 * Dealer proposals (issue 37, decision 0060). Making and changing: the order's own customer (a
 * personal customer's own orders; a company's manager and employees as they reach its orders);
 * reading: those and ADMIN; STAFF: 403 everywhere. Out of reach: 404. The public endpoints take
 * the proposal's token, no account, and are rate limited per token and IP.
 */
const idParams = z.object({ id: idField() });
const tokenParams = z.object({ token: z.string().min(1).max(100) });
const api = endpointsFor(['proposals']);
const pdf = z.unknown();
const image = z.unknown();

export const proposalsApi = {
  create: api.customers({
    method: 'POST',
    path: '/api/orders/:id/proposals/',
    summary:
      "Make a DRAFT proposal from a BID order: its priced lines frozen as cost, priced with the markups; settings' defaults fill what is left out",
    params: idParams,
    body: proposalCreateSchema,
    response: proposalSchema,
    status: 201,
  }),
  ofOrder: api.adminAndCustomers({
    method: 'GET',
    path: '/api/orders/:id/proposals/',
    summary: "The order's proposals, newest first (what the order page shows)",
    params: idParams,
    response: z.array(proposalRowSchema),
  }),
  list: api.adminAndCustomers({
    method: 'GET',
    path: '/api/proposals/',
    summary: "The caller's proposals (ADMIN: all), filtered by status, client, date_after, date_before; newest first",
    query: proposalListQuerySchema,
    response: paged(proposalRowSchema),
  }),
  report: api.adminAndCustomers({
    method: 'GET',
    path: '/api/proposals/report/',
    summary: 'By month sent: sent, viewed, accepted, declined, acceptance rate, revenue and margin; format=csv',
    query: proposalReportQuerySchema,
    response: proposalReportSchema,
  }),
  detail: api.adminAndCustomers({
    method: 'GET',
    path: '/api/proposals/:id/',
    summary: 'A proposal with its cost, prices and margin',
    params: idParams,
    response: proposalSchema,
  }),
  update: api.customers({
    method: 'PATCH',
    path: '/api/proposals/:id/',
    summary: 'Change a DRAFT proposal (409 proposal_not_draft otherwise); lists given replace the lists',
    params: idParams,
    body: proposalPatchSchema,
    response: proposalSchema,
  }),
  send: api.customers({
    method: 'POST',
    path: '/api/proposals/:id/send/',
    summary: 'E-mail the client the link (template proposal_sent): DRAFT -> SENT',
    params: idParams,
    response: proposalSchema,
  }),
  newVersion: api.customers({
    method: 'POST',
    path: '/api/proposals/:id/new_version/',
    summary:
      "WITHDRAW the proposal and copy it as a new DRAFT with the order's current lines as cost (an accepted one: 409)",
    params: idParams,
    response: proposalSchema,
    status: 201,
  }),
  withdraw: api.customers({
    method: 'POST',
    path: '/api/proposals/:id/withdraw/',
    summary: 'Withdraw a DRAFT, SENT or VIEWED proposal: its page says so and it can no longer be accepted',
    params: idParams,
    response: proposalSchema,
  }),
  pdf: api.adminAndCustomers({
    method: 'GET',
    path: '/api/proposals/:id/pdf/',
    summary: "The homeowner's paper: the dealer's logo, name, prices, extras, tax, total, validity, terms (no cost)",
    params: idParams,
    response: pdf,
  }),
  companySettings: api.adminAndManager({
    method: 'GET',
    path: `${ACCOUNTS_BASE}/companies/:id/proposal_settings/`,
    summary: "The company's proposal settings (defaults when never set)",
    params: idParams,
    response: proposalSettingsSchema,
  }),
  updateCompanySettings: api.adminAndManager({
    method: 'PATCH',
    path: `${ACCOUNTS_BASE}/companies/:id/proposal_settings/`,
    summary: "Change the company's proposal settings",
    params: idParams,
    body: proposalSettingsPatchSchema,
    response: proposalSettingsSchema,
  }),
  companyLogo: api.adminAndManager({
    method: 'POST',
    path: `${ACCOUNTS_BASE}/companies/:id/proposal_settings/logo/`,
    summary: 'Multipart `logo` (png, jpeg, gif): replaces the logo; answers the settings',
    params: idParams,
    response: proposalSettingsSchema,
  }),
  mySettings: api.personal({
    method: 'GET',
    path: `${ACCOUNTS_BASE}/me/proposal_settings/`,
    summary: "A personal customer's own proposal settings (a company's are under the company)",
    response: proposalSettingsSchema,
  }),
  updateMySettings: api.personal({
    method: 'PATCH',
    path: `${ACCOUNTS_BASE}/me/proposal_settings/`,
    summary: "Change a personal customer's own proposal settings",
    body: proposalSettingsPatchSchema,
    response: proposalSettingsSchema,
  }),
  myLogo: api.personal({
    method: 'POST',
    path: `${ACCOUNTS_BASE}/me/proposal_settings/logo/`,
    summary: 'Multipart `logo` (png, jpeg, gif): replaces the logo; answers the settings',
    response: proposalSettingsSchema,
  }),
  publicDetail: api.anyone({
    method: 'GET',
    path: '/api/public/proposals/:token/',
    summary: 'What the homeowner sees (no cost, no shop); the first open of a SENT proposal marks it VIEWED',
    params: tokenParams,
    response: publicProposalSchema,
  }),
  publicAccept: api.anyone({
    method: 'POST',
    path: '/api/public/proposals/:token/accept/',
    summary:
      'Accept with the typed name and accept_terms: true; 409 proposal_closed (expired, withdrawn, answered) or proposal_order_changed',
    params: tokenParams,
    body: proposalAcceptSchema,
    response: publicProposalSchema,
  }),
  publicDecline: api.anyone({
    method: 'POST',
    path: '/api/public/proposals/:token/decline/',
    summary: 'Decline with an optional note; 409 proposal_closed when it cannot be answered',
    params: tokenParams,
    body: proposalDeclineSchema,
    response: publicProposalSchema,
  }),
  publicPdf: api.anyone({
    method: 'GET',
    path: '/api/public/proposals/:token/pdf/',
    summary: "The homeowner's paper, as the dealer's pdf",
    params: tokenParams,
    response: pdf,
  }),
  publicLogo: api.anyone({
    method: 'GET',
    path: '/api/public/proposals/:token/logo/',
    summary: "The dealer's logo image for the public page (404 when none)",
    params: tokenParams,
    response: image,
  }),
} as const;
