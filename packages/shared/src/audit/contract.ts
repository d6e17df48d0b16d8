import { endpointsFor } from '../http/contract.ts';
import { auditPageSchema, auditQuerySchema } from './schemas.ts';

const api = endpointsFor(['core']);

export const auditApi = {
  /** An entity's history (or everything one user did), newest first. */
  events: api.admin({
    method: 'GET',
    path: '/api/core/audit/',
    summary: 'Audit trail: entity, entity_id, actor, page, page_size; newest first; answers { results, total }',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
};
