import { z } from 'zod';
import { PAYMENT_STATUSES } from '../invoices/schemas.ts';
import { APPROVAL_STATUSES } from '../orders/approval-schemas.ts';
import { ORDER_STATUSES } from '../orders/lifecycle.ts';
import { CABINET_SCAN_RESULTS } from '../production/schemas.ts';
import { PROPOSAL_STATUSES } from '../proposals/schemas.ts';
import { REMAKE_STATUSES } from '../remakes/schemas.ts';

/**
 * The live floor (issue 29, decision 0042): `GET /api/events/` is a Server-Sent Events stream.
 * Each event is `id:` (its row in live_events, the `Last-Event-ID` a reconnect resumes from),
 * `event:` its kind and `data:` one of the JSON shapes below.
 */
export const LIVE_EVENTS = {
  /** A comment line this often keeps proxies from closing a quiet stream (EVENTS_HEARTBEAT_MS overrides). */
  heartbeatMs: 15_000,
  /** How long events are kept for a reconnect to resume from; older ones are pruned. */
  keepMs: 24 * 60 * 60_000,
  /** What EventSource waits before reconnecting (the stream's `retry:`). */
  retryMs: 3_000,
  /** Open streams one user may hold, on all servers together: an 11th closes the oldest (a tab needs one). */
  streamsPerUser: 10,
  /**
   * A resume replays at most this many stored events; a client further behind is sent
   * `refetchEvent` instead (its screens read their data again) and streams on from the newest.
   */
  resumeMax: 1_000,
  /** The event (no stored kind, data `{}`) that tells a client to refetch what it shows. */
  refetchEvent: 'refetch',
} as const;

const scanEventSchema = z.object({
  /** The scan's own id (a board keys its line by it: read on load, heard live, undone). */
  id: z.number().int(),
  session_id: z.number().int(),
  /** Null for an unknown code. */
  order_id: z.number().int().nullable(),
  barcode: z.string(),
  result: z.enum(CABINET_SCAN_RESULTS),
  /** ISO time the scan was made. */
  at: z.string(),
});
/** A mistaken scan undone (issue 35): `at` is when it was undone, `scanned_at` when it was made. */
const scanUndoneEventSchema = scanEventSchema.extend({ scanned_at: z.string() });
const orderStatusEventSchema = z.object({
  order_id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
});
const remakeEventSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(REMAKE_STATUSES),
});
const plannerEventSchema = z.object({
  order_id: z.number().int(),
  /** YYYY-MM-DD, or null when unplanned. */
  planned_date: z.string().nullable(),
});
/** A business approval asked, decided or withdrawn (issue 35): the managers' badge follows it. */
const approvalEventSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
});
/** A dealer's proposal viewed, accepted or declined by its client (issue 37). */
const proposalEventSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  number: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
});
const paymentEventSchema = z.object({
  invoice_id: z.number().int(),
  milestone_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
});

/** Each kind's data. */
const LIVE_EVENT_DATA = {
  scan: scanEventSchema,
  scan_undone: scanUndoneEventSchema,
  order_status: orderStatusEventSchema,
  remake: remakeEventSchema,
  planner: plannerEventSchema,
  payment: paymentEventSchema,
  approval: approvalEventSchema,
  proposal: proposalEventSchema,
} as const;

export type LiveEventKind = keyof typeof LIVE_EVENT_DATA;
export type LiveEventData<K extends LiveEventKind = LiveEventKind> = z.infer<(typeof LIVE_EVENT_DATA)[K]>;

/**
 * The kinds a customer hears (of its own orders and invoices, and a business manager its
 * company's); the shop hears every kind.
 */
export const CUSTOMER_EVENT_KINDS: readonly LiveEventKind[] = ['order_status', 'payment', 'approval', 'proposal'];
