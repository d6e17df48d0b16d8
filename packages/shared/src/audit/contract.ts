import { ROLE_GROUPS } from '../auth/roles.ts';
import { endpoint } from '../http/contract.ts';
import { auditPageSchema, auditQuerySchema } from './schemas.ts';

export const auditApi = {
  /** An entity's history (or everything one user did), newest first. */
  events: endpoint({
    method: 'GET',
    path: '/api/core/audit/',
    access: ROLE_GROUPS.admin,
    summary: 'Audit trail: entity, entity_id, actor, page, page_size; newest first; answers { results, total }',
    tags: ['core'],
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
};
