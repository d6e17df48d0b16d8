import { ERROR_CODES, EVENTS_TEXT, LIVE_EVENTS, reachOf } from '@cab/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../kit/context.ts';
import { fieldError } from '../../kit/errors.ts';
import { sessionHolds } from '../auth/index.ts';
import { type EventHub, hears, type Listener } from './hub.ts';
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

/**
 * GET /api/events/ (issue 29, decision 0042): a Server-Sent Events stream for the signed-in
 * caller. With Last-Event-ID, the stored events after it are sent first, then the live ones: the
 * listener is added before the table is read and what it hears meanwhile is held, then sent
 * without those the table already gave, so nothing is missed and nothing is sent twice.
 * Without one, the newest event's id goes first (issue 35): a client that has heard nothing yet
 * can still resume from there, and the stream resumes from it itself, so an event committed
 * between reading that id and adding the listener is sent too.
 */
export async function openStream(
  ctx: Ctx,
  hub: EventHub,
  options: { heartbeatMs: number },
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const asked = resumeFrom(req);
  const after = asked ?? (await lastEventId(ctx.db));
  const reach = reachOf(ctx.actor);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // nginx: pass each event on at once.
    'x-accel-buffering': 'no',
  });
  // An id with no data sets the client's last event id and dispatches nothing (the SSE format).
  res.write(`${asked === null ? `id: ${after}\n` : ''}retry: ${LIVE_EVENTS.retryMs}\n\n`);

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
  const listener: Listener = {
    reach,
    deliver: (events) => (held ? held.push(...events) : live(events)),
    // The server is stopping: the client reconnects to another one (or this one, restarted).
    close: () => close(),
  };
  // Each beat also asks whether the caller's session still holds: signed out, deactivated or given
  // another role or company, the stream ends (a reconnect is then answered as any request is).
  const heartbeat = setInterval(async () => {
    const holds = await sessionHolds(ctx.db, ctx.actor).catch(() => true);
    if (holds) send(': ping\n\n');
    else close();
  }, options.heartbeatMs);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    hub.remove(listener);
    res.end();
  };
  res.on('close', close);
  req.raw.on('close', close);
  hub.add(listener);

  try {
    const sent = new Set<number>();
    for (let from = after; !closed; ) {
      const rows = await eventsAfter(ctx.db, from, RESUME_BATCH);
      let text = '';
      for (const event of rows) {
        sent.add(event.id);
        if (hears(reach, event)) text += sseText(event);
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
