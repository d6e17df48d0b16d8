import { DEMO_PASSWORD, schema } from '@cab/db';
import { accountsApi, authApi, LIVE_EVENTS, reachOf } from '@cab/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/kit/context.ts';
import { transaction } from '../src/kit/transaction.ts';
import { hashToken } from '../src/modules/auth/index.ts';
import { publishEvent } from '../src/modules/events/index.ts';
import { eventsAfter } from '../src/modules/events/repository.ts';
import { SseClient } from './events-client.ts';
import { ROLE_EMAILS, setupTestApp, silent, type TestApp } from './helpers.ts';

/**
 * Live streams bounded and ended with their session (issue 36, decision 0058): at most
 * LIVE_EVENTS.streamsPerUser per user (the oldest closed first), a resume read by id and filtered
 * by reach in SQL, capped (past the cap: `refetch`), and a stream that ends as soon as its session
 * does (sign-out, password change, deactivation, expiry), not at its next beat: the beat is set to
 * ten minutes here, so only the session change can end these streams. PGlite and PostgreSQL.
 */

let t: TestApp;
let base: string;
const open: SseClient[] = [];
const ids: Record<string, number> = {};

const listen = async (token: string | null, lastEventId?: number) => {
  const c = await SseClient.open(`${base}/api/events/`, token, lastEventId);
  open.push(c);
  return c;
};

const newestId = async () => {
  const [row] = await t.handle.db
    .select({ id: sql<string | null>`max(${schema.liveEvents.id})` })
    .from(schema.liveEvents);
  return Number(row?.id ?? 0);
};

const publishPlanner = (orderId: number) =>
  transaction(systemContext(t.app.deps, silent), (tx) =>
    publishEvent(tx.db, 'planner', { order_id: orderId, planned_date: null }),
  );

beforeAll(async () => {
  t = await setupTestApp({ eventsHeartbeatMs: 600_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const users = await t.handle.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users);
  for (const u of users) ids[u.email] = u.id;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

describe('streams per user', () => {
  it(`the ${LIVE_EVENTS.streamsPerUser + 1}th stream of a user closes its first; another user's stream stays`, async () => {
    const other = await listen(await t.login('STAFF'));
    const token = await t.login('ADMIN');
    const streams: SseClient[] = [];
    for (let i = 0; i < LIVE_EVENTS.streamsPerUser; i++) streams.push(await listen(token));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    // One more, from another sign-in of the same user: the cap is the user's, not the token's.
    streams.push(await listen(await t.login('ADMIN')));
    await streams[0]!.until((c) => c.isEnded, 'the first stream to close');
    // The others still hear events.
    const id = await publishPlanner(1);
    for (const s of [...streams.slice(1), other])
      await s.until((c) => c.events().some((e) => e.id === id), 'the event');
    expect(streams.slice(1).filter((s) => s.isEnded)).toEqual([]);
    // And the next one closes the (now) oldest.
    streams.push(await listen(token));
    await streams[1]!.until((c) => c.isEnded, 'the second stream to close');
    expect(streams.slice(2).filter((s) => s.isEnded)).toEqual([]);
    for (const s of streams) s.close();
  });

  it('none without a session', async () => {
    expect((await listen(null)).status).toBe(401);
    expect((await listen('0'.repeat(64))).status).toBe(401);
  });
});

describe('resuming', () => {
  it(`a resume more than ${LIVE_EVENTS.resumeMax} events behind is told to refetch, then streams on`, async () => {
    const token = await t.login('STAFF');
    const from = await newestId();
    // A busy floor while the screen was away.
    await t.handle.db.execute(sql`
      insert into live_events (kind, data)
      select 'planner', jsonb_build_object('order_id', n, 'planned_date', null)
      from generate_series(1, ${LIVE_EVENTS.resumeMax + 5}) as n`);
    const newest = await newestId();
    const behind = await listen(token, from);
    await behind.until((c) => c.events().length > 0, 'the first message');
    expect(behind.events()[0]).toMatchObject({ event: LIVE_EVENTS.refetchEvent, id: newest, data: {} });
    const id = await publishPlanner(2);
    await behind.until((c) => c.events().some((e) => e.id === id), 'the next live event');
    // Nothing of what was missed is replayed: the refetch, then what came after it.
    expect(behind.events().map((e) => e.id)).toEqual([newest, id]);

    // Within the cap the missed events are replayed, as before.
    const near = await listen(token, newest - 3);
    await near.until((c) => c.events().some((e) => e.id === id), 'the replay');
    expect(near.events().map((e) => e.id)).toEqual([newest - 2, newest - 1, newest, id]);
  });

  it("a customer's resume reads only what it may hear, in SQL", async () => {
    const personal = ids[ROLE_EMAILS.PERSONAL]!;
    const manager = ids[ROLE_EMAILS.BUSINESS_MANAGER]!;
    const [company] = await t.handle.db
      .select({ id: schema.users.companyId })
      .from(schema.users)
      .where(eq(schema.users.id, manager));
    const from = await newestId();
    const owned = (customerId: number | null, companyId: number | null) => ({ customerId, companyId });
    const ctx = systemContext(t.app.deps, silent);
    const published = await transaction(ctx, async (tx) => ({
      mine: await publishEvent(tx.db, 'order_status', { order_id: 1, status: 'ORDERED' }, owned(personal, null)),
      others: await publishEvent(
        tx.db,
        'order_status',
        { order_id: 2, status: 'ORDERED' },
        owned(manager, company!.id),
      ),
      company: await publishEvent(
        tx.db,
        'payment',
        { invoice_id: 3, milestone_id: 4, status: 'SUCCEEDED' },
        owned(null, company!.id),
      ),
      floor: await publishEvent(tx.db, 'planner', { order_id: 1, planned_date: null }),
      stranger: await publishEvent(
        tx.db,
        'payment',
        { invoice_id: 5, milestone_id: 6, status: 'SUCCEEDED' },
        owned(999_998, 999_997),
      ),
    }));
    const role = { personal: 'PERSONAL', manager: 'BUSINESS_MANAGER', employee: 'BUSINESS_EMPLOYEE' } as const;
    const read = (actor: { id: number; role: (typeof role)[keyof typeof role]; companyId: number | null }) =>
      eventsAfter(t.handle.db, from, 100, reachOf(actor)).then((rows) => rows.map((r) => r.id));
    // The rows the database hands back are the caller's only: no one else's leaves it.
    expect(await read({ id: personal, role: role.personal, companyId: null })).toEqual([published.mine]);
    expect(await read({ id: manager, role: role.manager, companyId: company!.id })).toEqual([
      published.others,
      published.company,
    ]);
    expect(await read({ id: 999_999, role: role.employee, companyId: company!.id })).toEqual([]);
    expect(await eventsAfter(t.handle.db, from, 100, { none: true })).toEqual([]);

    // Over the wire too.
    const stream = await listen(await t.login('PERSONAL'), from);
    await publishPlanner(3);
    const own = await transaction(ctx, (tx) =>
      publishEvent(tx.db, 'order_status', { order_id: 1, status: 'VERIFIED' }, owned(personal, null)),
    );
    await stream.until((c) => c.events().some((e) => e.id === own), 'its own live event');
    expect(stream.events().map((e) => e.id)).toEqual([published.mine, own]);
  });
});

describe('a stream ends with its session', () => {
  it('signed out', async () => {
    const token = await t.login('PERSONAL');
    const stream = await listen(token);
    expect((await t.call(authApi.logout, { token })).status).toBe(200);
    await stream.until((c) => c.isEnded, 'the stream to end');
    expect((await listen(token)).status).toBe(401);
  });

  it('its password changed in another session (that session keeps its stream)', async () => {
    const [kept, other] = [await t.login('BUSINESS_MANAGER'), await t.login('BUSINESS_MANAGER')];
    const [keptStream, otherStream] = [await listen(kept), await listen(other)];
    const changed = await t.call(authApi.passwordUpdate, {
      token: kept,
      body: { old_password: DEMO_PASSWORD, new_password: 'A-new-pass-36!', confirm_password: 'A-new-pass-36!' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await otherStream.until((c) => c.isEnded, 'the other session’s stream to end');
    // The kept session's stream is open and hears its own events.
    const manager = ids[ROLE_EMAILS.BUSINESS_MANAGER]!;
    const own = await transaction(systemContext(t.app.deps, silent), (tx) =>
      publishEvent(tx.db, 'order_status', { order_id: 5, status: 'ORDERED' }, { customerId: manager, companyId: null }),
    );
    await keptStream.until((c) => c.events().some((e) => e.id === own), 'its own event');
  });

  it('its user deactivated', async () => {
    const token = await t.login('STAFF');
    const stream = await listen(token);
    const id = ids[ROLE_EMAILS.STAFF]!;
    const admin = await t.login('ADMIN');
    const off = await t.call(accountsApi.updateStaff, { token: admin, params: { id }, body: { is_active: false } });
    expect(off.status).toBe(200);
    await stream.until((c) => c.isEnded, 'the stream to end');
    await t.call(accountsApi.updateStaff, { token: admin, params: { id }, body: { is_active: true } });
  });

  it('its token expired', async () => {
    const config = t.app.deps.config;
    const token = await t.login('BUSINESS_EMPLOYEE');
    // A token that reaches its absolute limit a moment after the stream opens.
    await t.handle.db
      .update(schema.authTokens)
      .set({ createdAt: new Date(Date.now() - config.sessionMaxMs + 1_500) })
      .where(eq(schema.authTokens.tokenHash, hashToken(token)));
    const stream = await listen(token);
    expect(stream.status).toBe(200);
    await stream.until((c) => c.isEnded, 'the stream to end');
    expect((await listen(token)).status).toBe(401);
  });
});
