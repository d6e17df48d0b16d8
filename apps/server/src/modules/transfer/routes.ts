import { TRANSFER_LIMITS, transferApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { withMultipart } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import { sendFile } from '../../kit/file-answer.ts';
import { limitOrderWrites } from '../orders/index.ts';
import { CATALOG_FILE_FIELD, upload2020 } from './catalog-import.ts';
import { exportOrderCsv, exportOrderYaml } from './exports.ts';
import { importOrder, ORDER_FILE_FIELD } from './order-import.ts';

/** The imports and exports (decision 0030), one route per contract. */
export function transferRoutes(app: FastifyInstance) {
  // An import creates an order: it counts against the same per-user write limit as the orders' own writes.
  app.register(async (orders) => {
    limitOrderWrites(orders);
    route(orders, transferApi.importOrder, ({ ctx, req }) =>
      withMultipart(req, Math.min(TRANSFER_LIMITS.fileBytes, ctx.config.uploadMaxBytes), ORDER_FILE_FIELD, (content) =>
        importOrder(ctx, content),
      ),
    );
  });
  route(app, transferApi.catalog2020Upload, ({ ctx, req }) =>
    withMultipart(req, Math.min(TRANSFER_LIMITS.fileBytes, ctx.config.uploadMaxBytes), CATALOG_FILE_FIELD, (content) =>
      upload2020(ctx, content),
    ),
  );
  route(app, transferApi.orderExport, async ({ ctx, params, reply }) =>
    sendFile<string>(reply, {
      name: `order-${params.id}.csv`,
      type: 'text/csv',
      body: await exportOrderCsv(ctx, params.id),
    }),
  );
  route(app, transferApi.orderYaml, async ({ ctx, params, reply }) =>
    sendFile<string>(reply, {
      name: `order-${params.id}.yaml`,
      type: 'application/yaml',
      body: await exportOrderYaml(ctx, params.id),
    }),
  );
}
