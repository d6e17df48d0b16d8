import { LIVE_EVENTS } from '@cab/shared';
import type { RequestContext } from '../../kit/context.ts';
import { nowOf } from '../../kit/context.ts';
import { deleteEventsBefore } from './repository.ts';

export const PRUNE_EVENTS_JOB = 'events:prune';

/**
 * The prune job's body (apps/server/src/jobs.ts): events are kept a day, long enough for any
 * reconnect to resume; a listener away longer reloads its page. Safe to run twice.
 */
export async function pruneEvents(ctx: RequestContext): Promise<void> {
  await deleteEventsBefore(ctx.db, new Date(nowOf(ctx).getTime() - LIVE_EVENTS.keepMs));
}
