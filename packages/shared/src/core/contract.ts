import { z } from 'zod';
import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
import { idField } from '../validation.ts';
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

export const coreApi = {
  getSettings: endpoint({
    method: 'GET',
    path: '/api/core/settings/',
    access: 'authenticated',
    summary: 'Global settings (lead_time, remake_reasons, sales tax_rates by state)',
    tags: ['core'],
    response: settingsSchema,
  }),
  patchSettings: endpoint({
    method: 'PATCH',
    path: '/api/core/settings/',
    access: ROLE_GROUPS.admin,
    summary: 'Change global settings',
    tags: ['core'],
    body: settingsPatchSchema,
    response: settingsSchema,
  }),
  holidays: endpoint({
    method: 'GET',
    path: '/api/core/holidays/',
    access: 'authenticated',
    summary: 'Holidays of a year (dates skipped when counting lead-time business days)',
    tags: ['core'],
    query: holidaysQuerySchema,
    response: holidaysSchema,
  }),
  postalCodeLookup: endpoint({
    method: 'GET',
    path: '/api/core/postal_code/lookup/',
    access: 'public',
    summary: 'Cities of a US postal code (5 digits or 5+4)',
    tags: ['core'],
    query: postalCodeQuerySchema,
    response: postalCodeResponseSchema,
  }),
  stripe: endpoint({
    method: 'GET',
    path: '/api/core/stripe/',
    access: 'authenticated',
    summary: 'Stripe publishable key (empty when Stripe is not configured)',
    tags: ['core'],
    response: stripeConfigSchema,
  }),
  tags: endpoint({
    method: 'GET',
    path: '/api/core/tags/',
    access: 'authenticated',
    summary: 'All tags',
    tags: ['core'],
    response: tagsSchema,
  }),
  logWarn: endpoint({
    method: 'POST',
    path: '/api/core/log/warn/',
    access: 'public',
    summary: 'Record an API error the client saw; returns its transaction id',
    tags: ['core'],
    body: logWarnBodySchema,
    response: logWarnResponseSchema,
  }),
  logError: endpoint({
    method: 'POST',
    path: '/api/core/log/error/',
    access: 'public',
    summary: 'Record an uncaught script error',
    tags: ['core'],
    body: logErrorBodySchema,
    response: logWarnResponseSchema,
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/core/config/',
    access: 'public',
    summary: 'Environment the web app runs in (the app bar turns red in a test environment)',
    tags: ['core'],
    response: appConfigSchema,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/core/dashboard/',
    access: 'authenticated',
    summary: "Summary for the signed-in user's role",
    tags: ['core'],
    response: dashboardSchema,
  }),
};

export const idParamSchema = z.object({ id: idField() });
