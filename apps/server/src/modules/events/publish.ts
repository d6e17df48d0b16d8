import type { Executor } from '@cab/db';
import type { LiveEventData, LiveEventKind } from '@cab/shared';
import { insertEvent } from './repository.ts';

/**
 * Whose record the event is about: a customer hears its own (and a business manager its company's)
 * order_status and payment events. The shop's events (scan, planner, remake) name nobody.
 */
interface EventOwner {
  customerId: number | null;
  companyId: number | null;
}

const SHOP_ONLY: EventOwner = { customerId: null, companyId: null };

/**
 * Publishes a live event (issue 29, decision 0042) from inside the change's transaction: the row
 * is written there and announced when it commits (NOTIFY, heard by every server's hub), so a
 * rolled-back change publishes nothing and a listener never hears of a change it cannot yet read.
 * `db` is the open transaction's executor (`tx.db`).
 */
export function publishEvent<K extends LiveEventKind>(
  db: Executor,
  kind: K,
  data: LiveEventData<K>,
  owner: EventOwner = SHOP_ONLY,
): Promise<number> {
  return insertEvent(db, kind, data as Record<string, unknown>, owner);
}
