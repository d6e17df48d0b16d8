import { z } from 'zod';
import { endpointsFor } from '../http/contract.ts';
import { paged } from '../http/list.ts';
import { idField } from '../validation.ts';
import {
  chartQuerySchema,
  completedChartSchema,
  createdChartSchema,
  lateChartSchema,
  partialCompletedChartSchema,
  plannerAnswerSchema,
  plannerPatchSchema,
  plannerQuerySchema,
  plannerRowSchema,
  reportQuerySchema,
  reportRowSchema,
  workListParamsSchema,
  workListQuerySchema,
  workListSchema,
} from './schemas.ts';

const api = endpointsFor(['reports']);
const report = (path: string, summary: string) =>
  api.shop({
    method: 'GET',
    path,
    summary: `${summary}; page, page_size, order_by, name, date_after, date_before; format=csv for a download`,
    query: reportQuerySchema,
    response: paged(reportRowSchema),
  });

/** Production reports, charts (issue 18, SPEC 7) and the planner (decision 0031). */
export const reportsApi = {
  lateReport: report(
    '/api/orders/late_report/',
    'Late orders: not COMPLETED, SHIPPED, CANCELLED (or DECLINED) and past their due date',
  ),
  dueReport: report(
    '/api/orders/due_report/',
    'Orders due: not COMPLETED, SHIPPED, CANCELLED (or DECLINED), with a due date; the range on the due date (the dashboard: this week)',
  ),
  partialCompletedReport: report('/api/orders/partial_completed_report/', 'Orders PARTIALLY_COMPLETED'),
  completedReport: report(
    '/api/orders/completed_report/',
    'Orders completed (date range on completed_at), whatever happened after: shipped since included',
  ),
  partialCompletedChart: api.shop({
    method: 'GET',
    path: '/api/orders/partial_completed_chart/',
    summary: 'Orders PARTIALLY_COMPLETED per period of their due date, and how many of them are late',
    query: chartQuerySchema,
    response: partialCompletedChartSchema,
  }),
  completedChart: api.shop({
    method: 'GET',
    path: '/api/orders/completed_chart/',
    summary: 'Orders completed and shipped per day, week or month',
    query: chartQuerySchema,
    response: completedChartSchema,
  }),
  createdChart: api.shop({
    method: 'GET',
    path: '/api/orders/created_chart/',
    summary: 'Bid volume: orders created per period and their total',
    query: chartQuerySchema,
    response: createdChartSchema,
  }),
  lateOrdersChart: api.shop({
    method: 'GET',
    path: '/api/orders/late_orders_chart/',
    summary: 'Orders due per period: late (completed after, or still open past, the due date) and on time',
    query: chartQuerySchema,
    response: lateChartSchema,
  }),
  plannerList: api.shop({
    method: 'GET',
    path: '/api/planner/orders/',
    summary: 'Orders planned in the range and open orders not yet planned, with capacity_per_day',
    tags: ['planner'],
    query: plannerQuerySchema,
    response: plannerAnswerSchema,
  }),
  workList: api.shop({
    method: 'GET',
    path: '/api/planner/days/:date/work_list/',
    summary:
      "The day's work list: each planned order, its cabinets still to build first (finished side, hinge, finish), its shelf cut list; format=pdf to print",
    tags: ['planner'],
    params: workListParamsSchema,
    query: workListQuerySchema,
    response: workListSchema,
  }),
  plannerUpdate: api.shop({
    method: 'PATCH',
    path: '/api/planner/orders/:id/',
    summary: 'Plan an order on a working day (400 on a weekend or holiday); null unplans it',
    tags: ['planner'],
    params: z.object({ id: idField() }),
    body: plannerPatchSchema,
    response: plannerRowSchema,
  }),
};
