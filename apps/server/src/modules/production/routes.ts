import { productionApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { sendCsv } from '../../kit/file-answer.ts';
import { getOrder, moveOrder } from '../orders/index.ts';
import { listCabinets } from './cabinets/service.ts';
import { completedShippedLog, logCsv } from './log/service.ts';
import { productivity, productivityCsv } from './productivity/service.ts';
import * as scans from './scans/service.ts';

/** Production's routes (one per contract). */
export function productionRoutes(app: FastifyInstance) {
  route(app, productionApi.cabinets, ({ ctx, params }) => listCabinets(ctx, params.id));
  route(app, productionApi.orderScanSessions, ({ ctx, params }) => scans.sessionsOfOrder(ctx, params.id));

  // Hand moves: the lifecycle table decides (start_production: shop; complete, ship: admin).
  for (const [e, action] of [
    [productionApi.startProduction, 'start_production'],
    [productionApi.complete, 'complete'],
    [productionApi.ship, 'ship'],
  ] as const) {
    route(app, e, async ({ ctx, params, body }) => {
      await moveOrder(ctx, params.id, action, {}, { version: body?.version });
      return getOrder(ctx, params.id);
    });
  }

  route(app, productionApi.completedShippedLog, async ({ ctx, query, reply }) => {
    const page = await completedShippedLog(ctx, query);
    if (query.format !== 'csv') return page;
    return sendCsv<typeof page>(reply, 'completed_shipped_log', logCsv(page.results));
  });

  route(app, productionApi.floorScans, ({ ctx, query }) => scans.floorScans(ctx, query.page_size));
  route(app, productionApi.productivity, async ({ ctx, query, reply }) => {
    const answer = await productivity(ctx, query);
    if (query.format !== 'csv') return answer;
    return sendCsv<typeof answer>(reply, `productivity_${answer.group_by}`, productivityCsv(answer));
  });

  route(app, productionApi.sessionList, ({ ctx, query }) => scans.listSessions(ctx, query));
  route(app, productionApi.sessionCreate, ({ ctx, body }) => scans.openSession(ctx, body));
  route(app, productionApi.sessionDetail, ({ ctx, params }) => scans.getSession(ctx, params.id));
  route(app, productionApi.scan, ({ ctx, params, body }) => scans.scan(ctx, params.id, body));
  route(app, productionApi.sessionClose, ({ ctx, params }) => scans.closeSession(ctx, params.id));
  route(app, productionApi.sessionReopen, ({ ctx, params }) => scans.reopenSession(ctx, params.id));
  route(app, productionApi.scanUndo, ({ ctx, params, body }) => scans.undoScan(ctx, params.id, body));
}
