import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { listQuery, optionalParam, paged } from '../http/list.ts';
import { idField } from '../validation.ts';

/** Kinds of entity the audit trail records (decision 0009); orders and money add theirs. */
const AUDIT_ENTITIES = [
  'category',
  'premium',
  'premium_group',
  'line_item',
  'product_group',
  'subcategory',
  'user',
  'company',
  'address',
  'invitation',
  'access_request',
  'settings',
  'cabinet',
  'scan_session',
  'email_template',
  'announcement',
  'order',
  'remake',
  'label_print',
  'discount_code',
  'payment_option',
  'payment_rule',
  'surcharge',
  'bound_discount',
  'account_charges',
  'order_plan',
  'invoice',
  'payment',
  'credit_memo',
  'bank_account',
  'refund',
  'proposal',
  'proposal_settings',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuerySchema = z.object({
  ...listQuery({ pageSize: PAGE_SIZE.audit }),
  entity: optionalParam(z.enum(AUDIT_ENTITIES)),
  entity_id: optionalParam(z.string().max(64)),
  /** Only the events this user caused. */
  actor: optionalParam(idField()),
});

const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }).nullable(),
  request_id: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = paged(auditEventSchema);
