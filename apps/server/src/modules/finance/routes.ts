import { financeApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as charges from './charges/service.ts';
import {
  boundDiscountRules,
  discountCodeRules,
  paymentOptionRules,
  paymentRuleRules,
  surchargeRules,
} from './rules/service.ts';

/** The finance rules' admin calls and the accounts' charge settings (issue 17). */
export function financeRoutes(app: FastifyInstance) {
  const a = financeApi;
  route(app, a.paymentOptionList, ({ ctx, query }) => paymentOptionRules.list(ctx, query));
  route(app, a.paymentOptionCreate, ({ ctx, body }) => paymentOptionRules.create(ctx, body));
  route(app, a.paymentOptionDetail, ({ ctx, params }) => paymentOptionRules.get(ctx, params.id));
  route(app, a.paymentOptionUpdate, ({ ctx, params, body }) => paymentOptionRules.update(ctx, params.id, body));
  route(app, a.paymentOptionDelete, ({ ctx, params }) => paymentOptionRules.remove(ctx, params.id));

  route(app, a.paymentRuleList, ({ ctx, query }) => paymentRuleRules.list(ctx, query));
  route(app, a.paymentRuleCreate, ({ ctx, body }) => paymentRuleRules.create(ctx, body));
  route(app, a.paymentRuleDetail, ({ ctx, params }) => paymentRuleRules.get(ctx, params.id));
  route(app, a.paymentRuleUpdate, ({ ctx, params, body }) => paymentRuleRules.update(ctx, params.id, body));
  route(app, a.paymentRuleDelete, ({ ctx, params }) => paymentRuleRules.remove(ctx, params.id));

  route(app, a.surchargeList, ({ ctx, query }) => surchargeRules.list(ctx, query));
  route(app, a.surchargeCreate, ({ ctx, body }) => surchargeRules.create(ctx, body));
  route(app, a.surchargeDetail, ({ ctx, params }) => surchargeRules.get(ctx, params.id));
  route(app, a.surchargeUpdate, ({ ctx, params, body }) => surchargeRules.update(ctx, params.id, body));
  route(app, a.surchargeDelete, ({ ctx, params }) => surchargeRules.remove(ctx, params.id));

  route(app, a.boundDiscountList, ({ ctx, query }) => boundDiscountRules.list(ctx, query));
  route(app, a.boundDiscountCreate, ({ ctx, body }) => boundDiscountRules.create(ctx, body));
  route(app, a.boundDiscountDetail, ({ ctx, params }) => boundDiscountRules.get(ctx, params.id));
  route(app, a.boundDiscountUpdate, ({ ctx, params, body }) => boundDiscountRules.update(ctx, params.id, body));
  route(app, a.boundDiscountDelete, ({ ctx, params }) => boundDiscountRules.remove(ctx, params.id));

  route(app, a.discountCodeList, ({ ctx, query }) => discountCodeRules.list(ctx, query));
  route(app, a.discountCodeCreate, ({ ctx, body }) => discountCodeRules.create(ctx, body));
  route(app, a.discountCodeDetail, ({ ctx, params }) => discountCodeRules.get(ctx, params.id));
  route(app, a.discountCodeUpdate, ({ ctx, params, body }) => discountCodeRules.update(ctx, params.id, body));
  route(app, a.discountCodeDelete, ({ ctx, params }) => discountCodeRules.remove(ctx, params.id));

  for (const kind of ['customer', 'company'] as const) {
    const c = kind === 'customer' ? 'customer' : 'company';
    route(app, a[`${c}OverdueInterest`], ({ ctx, params }) => charges.overdueInterest(ctx, kind, params.id));
    route(app, a[`${c}UpdateOverdueInterest`], ({ ctx, params, body }) =>
      charges.updateOverdueInterest(ctx, kind, params.id, body),
    );
    route(app, a[`${c}StorageFees`], ({ ctx, params }) => charges.storageFees(ctx, kind, params.id));
    route(app, a[`${c}UpdateStorageFees`], ({ ctx, params, body }) =>
      charges.updateStorageFees(ctx, kind, params.id, body),
    );
  }
}
