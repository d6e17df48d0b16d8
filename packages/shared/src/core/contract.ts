import { CLIENT_LOG_PATHS } from '../constants.ts';
import { endpointsFor } from '../http/contract.ts';
import {
  appConfigSchema,
  dashboardSchema,
  holidaysQuerySchema,
  holidaysSchema,
  logErrorBodySchema,
  logWarnBodySchema,
  logWarnResponseSchema,
  postalCodeQuerySchema,
  postalCodeResponseSchema,
  settingsPatchSchema,
  settingsSchema,
  stripeConfigSchema,
  tagsSchema,
} from './schemas.ts';

const api = endpointsFor(['core']);

export const coreApi = {
  getSettings: api.signedIn({
    method: 'GET',
    path: '/api/core/settings/',
    summary: 'Global settings (lead_time, remake_reasons, sales tax_rates by state)',
    response: settingsSchema,
  }),
  patchSettings: api.admin({
    method: 'PATCH',
    path: '/api/core/settings/',
    summary: 'Change global settings',
    body: settingsPatchSchema,
    response: settingsSchema,
  }),
  holidays: api.signedIn({
    method: 'GET',
    path: '/api/core/holidays/',
    summary: 'Holidays of a year (dates skipped when counting lead-time business days)',
    query: holidaysQuerySchema,
    response: holidaysSchema,
  }),
  postalCodeLookup: api.anyone({
    method: 'GET',
    path: '/api/core/postal_code/lookup/',
    summary: 'Cities of a US postal code (5 digits or 5+4)',
    query: postalCodeQuerySchema,
    response: postalCodeResponseSchema,
  }),
  stripe: api.signedIn({
    method: 'GET',
    path: '/api/core/stripe/',
    summary: 'Stripe publishable key (empty when Stripe is not configured)',
    response: stripeConfigSchema,
  }),
  tags: api.signedIn({
    method: 'GET',
    path: '/api/core/tags/',
    summary: 'All tags',
    response: tagsSchema,
  }),
  logWarn: api.anyone({
    method: 'POST',
    path: CLIENT_LOG_PATHS.warn,
    summary: 'Record an API error the client saw; returns its transaction id',
    body: logWarnBodySchema,
    response: logWarnResponseSchema,
  }),
  logError: api.anyone({
    method: 'POST',
    path: CLIENT_LOG_PATHS.error,
    summary: 'Record an uncaught script error',
    body: logErrorBodySchema,
    response: logWarnResponseSchema,
  }),
  config: api.anyone({
    method: 'GET',
    path: '/api/core/config/',
    summary: 'Environment the web app runs in (the app bar turns red in a test environment)',
    response: appConfigSchema,
  }),
  dashboard: api.signedIn({
    method: 'GET',
    path: '/api/core/dashboard/',
    summary: "Summary for the signed-in user's role",
    response: dashboardSchema,
  }),
};
