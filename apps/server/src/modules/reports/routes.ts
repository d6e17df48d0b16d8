import { type ReportKind, reportsApi } from '@cab/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/route.ts';
import type { Ctx } from '../../kit/context.ts';
import { sendCsv, sendFile } from '../../kit/file-answer.ts';
import * as service from './service.ts';
import { workList, workListPdf } from './work-list.ts';

/** A report's answer: its page, or with format=csv a download (a Buffer goes past the JSON serializer). */
async function answer(ctx: Ctx, kind: ReportKind, query: Parameters<typeof service.report>[2], reply: FastifyReply) {
  if (query.format !== 'csv') return service.reportPage(ctx, kind, query);
  const result = await service.report(ctx, kind, query);
  return sendCsv<{ results: never[]; total: number }>(reply, `${kind}_report`, result.csv!);
}

/** Reports, charts and the planner (decision 0031), one route per contract. */
export function reportsRoutes(app: FastifyInstance) {
  route(app, reportsApi.lateReport, ({ ctx, query, reply }) => answer(ctx, 'late', query, reply));
  route(app, reportsApi.dueReport, ({ ctx, query, reply }) => answer(ctx, 'due', query, reply));
  route(app, reportsApi.partialCompletedReport, ({ ctx, query, reply }) =>
    answer(ctx, 'partial_completed', query, reply),
  );
  route(app, reportsApi.completedReport, ({ ctx, query, reply }) => answer(ctx, 'completed', query, reply));
  route(app, reportsApi.completedChart, ({ ctx, query }) => service.completedChart(ctx, query));
  route(app, reportsApi.partialCompletedChart, ({ ctx, query }) => service.partialCompletedChart(ctx, query));
  route(app, reportsApi.createdChart, ({ ctx, query }) => service.createdChart(ctx, query));
  route(app, reportsApi.lateOrdersChart, ({ ctx, query }) => service.lateOrdersChart(ctx, query));
  route(app, reportsApi.plannerList, ({ ctx, query }) => service.keptPlannerList(ctx, query));
  route(app, reportsApi.workList, async ({ ctx, params, query, reply }) => {
    const list = await workList(ctx, params.date);
    if (query.format !== 'pdf') return list;
    return sendFile<typeof list>(reply, {
      name: `work_list_${list.date}.pdf`,
      type: 'application/pdf',
      body: await workListPdf(list),
    });
  });
  route(app, reportsApi.plannerUpdate, ({ ctx, params, body }) => service.planOrder(ctx, params.id, body));
}
