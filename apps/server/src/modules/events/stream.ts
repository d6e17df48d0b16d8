import { ERROR_CODES, EVENTS_TEXT, LIVE_EVENTS, reachOf } from '@cab/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../kit/context.ts';
import { fieldError } from '../../kit/errors.ts';
import { actorSessionEndsAt, sessionHolds } from '../auth/index.ts';
import type { EventHub, Listener } from './hub.ts';
import { eventsAfter, lastEventId, type StoredEvent } from './repository.ts';

/** Events read per statement while a reconnect catches up. */
const RESUME_BATCH = 500;
/**
 * A listener this far behind (bytes its socket has not taken) is cut off: it reconnects with its
 * Last-Event-ID and resumes from the table, instead of this server holding its backlog.
 */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** How long the ids a resume sent are remembered, to skip their late live copies. */
const REPLAYED_KEPT_MS = 60_000;
/** A session's end further off than this is looked at again then (setTimeout holds at most 24.8 days). */
const EXPIRY_CHECK_MAX_MS = 24 * 60 * 60_000;

/** One event as SSE text, made once and sent to every listener that hears it. */
const texts = new WeakMap<StoredEvent, string>();
function sseText(event: StoredEvent): string {
  let text = texts.get(event);
  if (text === undefined) {
    text = `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
    texts.set(event, text);
  }
  return text;
}

/** `Last-Event-ID` (EventSource sends it on reconnect): an event id, or none. */
function resumeFrom(req: FastifyRequest): number | null {
  const header = req.headers['last-event-id'];
  if (header === undefined || header === '') return null;
  const text = Array.isArray(header) ? header[0]! : header;
  if (!/^\d{1,15}$/.test(text.trim())) {
    throw fieldError(ERROR_CODES.validation, 'Last-Event-ID', EVENTS_TEXT.badLastEventId);
  }
  return Number(text.trim());
}

/** What a stream is opened with (the app's configuration). */
export interface StreamOptions {
  heartbeatMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/**
 * GET /api/events/ (issue 29, decision 0042): a Server-Sent Events stream for the signed-in
 * caller. With Last-Event-ID, the stored events after it that the caller hears are sent first
 * (read by id and filtered in SQL), then the live ones: the listener is added before the table is
 * read and what it hears meanwhile is held, then sent without those the table already gave, so
 * nothing is missed and nothing is sent twice. A resume more than `LIVE_EVENTS.resumeMax` events
 * behind is not replayed: the client is sent `refetch` and streams on from the newest event.
 * Without Last-Event-ID, the newest event's id goes first (issue 35): a client that has heard
 * nothing yet can still resume from there, and the stream resumes from it itself, so an event
 * committed between reading that id and adding the listener is sent too.
 * A stream ends with its session (decision 0058): at once when the hub hears that the user's
 * sessions changed, when the token expires, and at the latest at the next heartbeat.
 */
export async function openStream(
  ctx: Ctx,
  hub: EventHub,
  options: StreamOptions,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const asked = resumeFrom(req);
  const newest = await lastEventId(ctx.db);
  const refetch = asked !== null && newest - asked > LIVE_EVENTS.resumeMax;
  const after = asked === null || refetch ? newest : asked;
  const reach = reachOf(ctx.actor);
  reply.hijack();
  const res = reply.raw;

  let closed = false;
  const send = (text: string) => {
    if (closed) return;
    res.write(text);
    if (res.writableLength > MAX_BACKLOG_BYTES) close();
  };
  let held: StoredEvent[] | null = [];
  /**
   * The ids the resume read from the table. Their live copies may still come after the resume
   * (a commit is visible to a read before its NOTIFY reaches the hub): each is skipped once.
   */
  let replayed: Set<number> | null = null;
  const live = (events: StoredEvent[]) => {
    let text = '';
    // An event at or before the resume point is the client's already (or was before it came):
    // its NOTIFY can reach this hub after the listener was added, however late.
    for (const event of events) if (event.id > after && !replayed?.delete(event.id)) text += sseText(event);
    if (text) send(text);
  };
  /** Ends the stream unless the session still holds (`fresh`: read past the session cache). */
  const checkSession = async (fresh: boolean) => {
    // The database away for a moment ends no stream: the next beat asks again.
    const holds = await sessionHolds(ctx.actor, fresh).catch(() => true);
    if (!holds) close();
    return holds;
  };
  const listener: Listener = {
    reach,
    userId: ctx.actor.id,
    companyId: ctx.actor.companyId,
    deliver: (events) => (held ? held.push(...events) : live(events)),
    // The server is stopping, or the user opened too many: the client reconnects (elsewhere, or later).
    close: () => close(),
    sessionChanged: () => void checkSession(true),
  };
  // Each beat also asks whether the caller's session still holds, from the session cache: the
  // changes the hub hears end a stream at once, this catches anything else within a beat.
  const heartbeat = setInterval(async () => {
    if (await checkSession(false)) send(': ping\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  // The token's end as read on arrival: then the session is read again (its last use may have moved it).
  let expiry: NodeJS.Timeout | undefined;
  const watchExpiry = () => {
    const ends = actorSessionEndsAt(ctx.actor, options);
    if (ends === null || closed) return;
    expiry = setTimeout(
      async () => {
        if (await checkSession(true)) watchExpiry();
      },
      Math.min(Math.max(0, ends - Date.now()), EXPIRY_CHECK_MAX_MS),
    );
    expiry.unref();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    hub.remove(listener);
    res.end();
  };
  res.on('close', close);
  req.raw.on('close', close);
  try {
    await hub.add(listener);
  } catch (err) {
    ctx.log.warn({ err }, 'live events: opening a stream failed');
    hub.remove(listener);
    closed = true;
    clearInterval(heartbeat);
    res.writeHead(503).end();
    return;
  }
  // Closed meanwhile (the client went, or this was its user's oldest stream beyond the cap).
  if (closed) return;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // nginx: pass each event on at once.
    'x-accel-buffering': 'no',
  });
  // An id with no data sets the client's last event id and dispatches nothing (the SSE format).
  let first = `${asked === null ? `id: ${after}\n` : ''}retry: ${LIVE_EVENTS.retryMs}\n\n`;
  if (refetch) first += `id: ${after}\nevent: ${LIVE_EVENTS.refetchEvent}\ndata: {}\n\n`;
  res.write(first);
  watchExpiry();

  try {
    const sent = new Set<number>();
    for (let from = after; !closed; ) {
      const rows = await eventsAfter(ctx.db, from, RESUME_BATCH, reach);
      let text = '';
      for (const event of rows) {
        sent.add(event.id);
        text += sseText(event);
      }
      if (text) send(text);
      if (rows.length < RESUME_BATCH) break;
      from = rows[rows.length - 1]!.id;
    }
    replayed = sent;
    const waiting = held ?? [];
    held = null;
    live(waiting);
    // A NOTIFY lags its commit by milliseconds: after this, no live copy of a replayed event is due.
    setTimeout(() => {
      replayed = null;
    }, REPLAYED_KEPT_MS).unref();
  } catch (err) {
    // The stream is open: the client reconnects with its Last-Event-ID and tries again.
    ctx.log.warn({ err }, 'live events: resume failed');
    close();
  }
}
