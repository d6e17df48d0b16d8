import { ordersApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import * as drafts from '../drafts/service.ts';
import * as lists from '../lists/service.ts';
import * as pricing from '../price-calls/service.ts';
import * as read from '../read.ts';

/** The orders' builder, price and list calls (one line per contract). The lifecycle moves: routes-lifecycle.ts. */
export function ordersCoreRoutes(app: FastifyInstance) {
  route(app, ordersApi.list, ({ ctx, query }) => lists.listOrders(ctx, query));
  route(app, ordersApi.create, ({ ctx, body }) => drafts.createOrder(ctx, body));
  route(app, ordersApi.detail, ({ ctx, params }) => read.readOrder(ctx, params.id));
  route(app, ordersApi.short, ({ ctx, params }) => read.getOrderShort(ctx, params.id));
  route(app, ordersApi.replaceGroups, ({ ctx, params, body }) => drafts.replaceGroups(ctx, params.id, body));
  route(app, ordersApi.addGroup, ({ ctx, params, body: { version, ...group } }) =>
    drafts.addGroup(ctx, params.id, group, version),
  );
  // `version` (optional, 409 when stale): the price calls take it beside their payload.
  route(app, ordersApi.recalculate, ({ ctx, params, body }) => pricing.recalculate(ctx, params.id, body?.version));
  route(app, ordersApi.updateCustomDiscount, ({ ctx, params, body }) =>
    pricing.updateCustomDiscount(ctx, params.id, body, body.version),
  );
  route(app, ordersApi.discountCode, ({ ctx, params, body }) =>
    pricing.enterDiscountCode(ctx, params.id, body.discount_code, body.version),
  );
  route(app, ordersApi.cancelDiscountCode, ({ ctx, params, body }) =>
    pricing.cancelDiscountCode(ctx, params.id, body?.version),
  );
  route(app, ordersApi.updateBypassPaymentOptionDiscount, ({ ctx, params, body }) =>
    pricing.updateBypassPaymentOptionDiscount(ctx, params.id, body.bypass_payment_option_discount, body.version),
  );
  route(app, ordersApi.quote, ({ ctx, params, query }) => pricing.quoteOrder(ctx, params.id, query));
  route(app, ordersApi.paymentOptions, ({ ctx, params, query }) => pricing.paymentOptions(ctx, params.id, query.date));
}
