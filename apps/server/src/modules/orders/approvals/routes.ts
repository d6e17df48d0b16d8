import { approvalsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { approveRequest, declineRequest, listApprovals } from './decide.ts';

/** Business approvals' order endpoints (issue 30); the company's rule is accounts' (companies/{id}/approvals/). */
export function approvalRoutes(app: FastifyInstance) {
  route(app, approvalsApi.queue, ({ ctx, query }) => listApprovals(ctx, query));
  route(app, approvalsApi.approve, ({ ctx, params, body }) => approveRequest(ctx, params.id, body));
  route(app, approvalsApi.decline, ({ ctx, params, body }) => declineRequest(ctx, params.id, body));
}
