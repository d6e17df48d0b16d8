import { ordersApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as orders from './service.ts';

/** The orders' builder, price and list calls (one line per contract). The lifecycle moves: routes-lifecycle.ts. */
export function ordersCoreRoutes(app: FastifyInstance) {
  route(app, ordersApi.list, ({ ctx, query }) => orders.listOrders(ctx, query));
  route(app, ordersApi.create, ({ ctx, body }) => orders.createOrder(ctx, body));
  route(app, ordersApi.detail, ({ ctx, params }) => orders.getOrder(ctx, params.id));
  route(app, ordersApi.short, ({ ctx, params }) => orders.getOrderShort(ctx, params.id));
  route(app, ordersApi.replaceGroups, ({ ctx, params, body }) => orders.replaceGroups(ctx, params.id, body));
  route(app, ordersApi.addGroup, ({ ctx, params, body: { version, ...group } }) =>
    orders.addGroup(ctx, params.id, group, version),
  );
  // `version` (optional, 409 when stale): the price calls take it beside their payload.
  route(app, ordersApi.recalculate, ({ ctx, params, body }) => orders.recalculate(ctx, params.id, body?.version));
  route(app, ordersApi.updateCustomDiscount, ({ ctx, params, body }) =>
    orders.updateCustomDiscount(ctx, params.id, body, body.version),
  );
  route(app, ordersApi.discountCode, ({ ctx, params, body }) =>
    orders.enterDiscountCode(ctx, params.id, body.discount_code, body.version),
  );
  route(app, ordersApi.cancelDiscountCode, ({ ctx, params, body }) =>
    orders.cancelDiscountCode(ctx, params.id, body?.version),
  );
  route(app, ordersApi.updateBypassPaymentOptionDiscount, ({ ctx, params, body }) =>
    orders.updateBypassPaymentOptionDiscount(ctx, params.id, body.bypass_payment_option_discount, body.version),
  );
  route(app, ordersApi.quote, ({ ctx, params, query }) => orders.quoteOrder(ctx, params.id, query));
  route(app, ordersApi.paymentOptions, ({ ctx, params, query }) => orders.paymentOptions(ctx, params.id, query.date));
}
