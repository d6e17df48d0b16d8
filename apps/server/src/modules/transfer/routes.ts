import { TRANSFER_LIMITS, transferApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { withMultipart, withUploads } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { PublicCtx } from '../../kit/context.ts';
import { sendCsv, sendFile } from '../../kit/file-answer.ts';
import { moveCatalogVersionOnWrites } from '../catalog/index.ts';
import { limitOrderWrites } from '../orders/index.ts';
import { CATALOG_FILE_FIELD, upload2020 } from './catalog-import.ts';
import { exportOrderCsv, exportOrderYaml } from './exports.ts';
import { importOrder, ORDER_FILE_FIELD } from './order-import.ts';

/** An import's file: at most the transfer limit and the uploads' size. */
const fileBytes = (ctx: PublicCtx) => Math.min(TRANSFER_LIMITS.fileBytes, ctx.config.uploadMaxBytes);

/** The imports and exports (decision 0030), one route per contract. */
export function transferRoutes(app: FastifyInstance) {
  withUploads(app, (uploads) => {
    // An import creates an order: it counts against the same per-user write limit as the orders' own writes.
    uploads.register(async (orders) => {
      limitOrderWrites(orders);
      route(orders, transferApi.importOrder, ({ ctx, req }) =>
        withMultipart(req, fileBytes(ctx), ORDER_FILE_FIELD, (content) => importOrder(ctx, content)),
      );
    });
    // The 2020 upload changes line items: it moves the catalogue's version like the catalogue's own writes.
    moveCatalogVersionOnWrites(uploads);
    route(uploads, transferApi.catalog2020Upload, ({ ctx, req }) =>
      withMultipart(req, fileBytes(ctx), CATALOG_FILE_FIELD, (content) => upload2020(ctx, content)),
    );
  });
  route(app, transferApi.orderExport, async ({ ctx, params, reply }) =>
    sendCsv<string>(reply, `order-${params.id}`, await exportOrderCsv(ctx, params.id)),
  );
  route(app, transferApi.orderYaml, async ({ ctx, params, reply }) =>
    sendFile<string>(reply, {
      name: `order-${params.id}.yaml`,
      type: 'application/yaml',
      body: await exportOrderYaml(ctx, params.id),
    }),
  );
}
