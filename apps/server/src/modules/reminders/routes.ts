import { financeApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function remindersRoutes(app: FastifyInstance) {
  const a = financeApi;
  route(app, a.customerPaymentReminder, ({ ctx, params }) => service.sendPaymentReminder(ctx, 'customer', params.id));
  route(app, a.customerPickupReminder, ({ ctx, params }) => service.sendPickupReminder(ctx, 'customer', params.id));
  route(app, a.companyPaymentReminder, ({ ctx, params }) => service.sendPaymentReminder(ctx, 'company', params.id));
  route(app, a.companyPickupReminder, ({ ctx, params }) => service.sendPickupReminder(ctx, 'company', params.id));
}
