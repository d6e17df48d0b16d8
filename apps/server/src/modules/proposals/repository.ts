import { type Executor, schema } from '@cab/db';
import type { ProposalStatus, Reach } from '@cab/shared';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { exactCount, likePattern, orderBy, type PageWindow, paginate } from '../../kit/list.ts';
import { reachWhere } from '../../kit/reach-sql.ts';

/** The proposals' SQL (issue 37): proposals and proposal_settings. */
const { proposals, proposalSettings, orders } = schema;

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposal = typeof proposals.$inferInsert;
export type SettingsRow = typeof proposalSettings.$inferSelect;
export type SettingsOwner = { companyId: number } | { userId: number };

/** A proposal with its order's name and version now (order_changed, the lists). */
const withOrder = { p: proposals, orderName: orders.name, orderVersion: orders.version, orderStatus: orders.status };
export type ProposalReading = { p: ProposalRow; orderName: string; orderVersion: number; orderStatus: string };

const readingQuery = (db: Executor) =>
  db.select(withOrder).from(proposals).innerJoin(orders, eq(orders.id, proposals.orderId));

export async function proposalById(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const q = readingQuery(db).where(eq(proposals.id, id));
  const [row] = options.lock ? await q.for('update', { of: proposals }) : await q;
  return row ?? null;
}

export async function proposalByToken(db: Executor, token: string, options: { lock?: boolean } = {}) {
  const q = readingQuery(db).where(eq(proposals.token, token));
  const [row] = options.lock ? await q.for('update', { of: proposals }) : await q;
  return row ?? null;
}

export const proposalsOfOrder = (db: Executor, orderId: number) =>
  readingQuery(db).where(eq(proposals.orderId, orderId)).orderBy(desc(proposals.id));

/** The proposals that replaced these (new versions), by the one replaced. */
export async function nextVersions(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: proposals.id, previousId: proposals.previousId })
    .from(proposals)
    .where(inArray(proposals.previousId, [...ids]));
  return new Map(rows.map((r) => [r.previousId!, r.id]));
}

export async function insertProposal(db: Executor, values: NewProposal) {
  const [row] = await db.insert(proposals).values(values).returning({ id: proposals.id });
  return row!.id;
}

export async function updateProposal(db: Executor, id: number, values: Partial<NewProposal>) {
  await db
    .update(proposals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(proposals.id, id));
}

/** SENT or VIEWED past their last day: EXPIRED (the daily job and every read). */
export async function expireDue(db: Executor, today: string, where?: SQL) {
  const rows = await db
    .update(proposals)
    .set({ status: 'EXPIRED', updatedAt: sql`now()` })
    .where(and(inArray(proposals.status, ['SENT', 'VIEWED']), lt(proposals.validUntil, today), where))
    .returning({ id: proposals.id });
  return rows.length;
}

const ORDER_KEYS = {
  id: proposals.id,
  number: proposals.id,
  created_at: proposals.createdAt,
  sent_at: proposals.sentAt,
  valid_until: proposals.validUntil,
  total: proposals.total,
  status: proposals.status,
};

export interface ProposalFilter {
  reach: Reach;
  status?: ProposalStatus;
  /** The shop's today: SENT and VIEWED past valid_until are listed as EXPIRED before the job writes it. */
  today: string;
  client?: string;
  /** Instants bounding created_at. */
  from?: Date;
  before?: Date;
  orderBy?: string;
}

const OPEN = ['SENT', 'VIEWED'] as const;

/** The status as read (wire.ts statusOf): an open one past its last day is EXPIRED. */
function statusWhere(status: ProposalStatus, today: string): SQL | undefined {
  const past = lt(proposals.validUntil, today);
  if (status === 'EXPIRED') return or(eq(proposals.status, 'EXPIRED'), and(inArray(proposals.status, [...OPEN]), past));
  if ((OPEN as readonly string[]).includes(status))
    return and(eq(proposals.status, status), gte(proposals.validUntil, today));
  return eq(proposals.status, status);
}

function filterWhere(f: ProposalFilter): SQL | undefined {
  const pattern = f.client ? likePattern(f.client) : undefined;
  return and(
    reachWhere(f.reach, proposals.customerId, proposals.companyId),
    f.status ? statusWhere(f.status, f.today) : undefined,
    pattern
      ? or(ilike(sql`${proposals.client}->>'name'`, pattern), ilike(sql`${proposals.client}->>'email'`, pattern))
      : undefined,
    f.from ? gte(proposals.createdAt, f.from) : undefined,
    f.before ? lt(proposals.createdAt, f.before) : undefined,
  );
}

export function listProposals(db: Executor, f: ProposalFilter, window: PageWindow) {
  const where = filterWhere(f);
  return paginate(
    window,
    (w) =>
      readingQuery(db)
        .where(where)
        .orderBy(...orderBy(f.orderBy, ORDER_KEYS, '-id', proposals.id))
        .limit(w.limit)
        .offset(w.offset),
    exactCount(db, proposals, where),
  );
}

/** What the report counts: every proposal sent in reach, sent between the bounds. */
export function sentProposals(db: Executor, reach: Reach, from?: Date, before?: Date) {
  return db
    .select({
      sentAt: proposals.sentAt,
      viewedAt: proposals.viewedAt,
      status: proposals.status,
      subtotal: proposals.subtotal,
      total: proposals.total,
      costTotal: proposals.costTotal,
    })
    .from(proposals)
    .where(
      and(
        reachWhere(reach, proposals.customerId, proposals.companyId),
        isNotNull(proposals.sentAt),
        from ? gte(proposals.sentAt, from) : undefined,
        before ? lt(proposals.sentAt, before) : undefined,
      ),
    )
    .orderBy(asc(proposals.sentAt));
}

// ---------------------------------------------------------------------------------------------
// Settings

const ownerWhere = (owner: SettingsOwner) =>
  'companyId' in owner ? eq(proposalSettings.companyId, owner.companyId) : eq(proposalSettings.userId, owner.userId);

export async function settingsOf(db: Executor, owner: SettingsOwner): Promise<SettingsRow | null> {
  const [row] = await db.select().from(proposalSettings).where(ownerWhere(owner));
  return row ?? null;
}

/** Writes the owner's settings, making the row on the first write. */
export async function saveSettings(db: Executor, owner: SettingsOwner, values: Partial<SettingsRow>) {
  const set = { ...values, updatedAt: sql`now()` };
  const [row] = await db
    .insert(proposalSettings)
    .values({ ...('companyId' in owner ? { companyId: owner.companyId } : { userId: owner.userId }), ...values })
    .onConflictDoUpdate({
      target: 'companyId' in owner ? proposalSettings.companyId : proposalSettings.userId,
      set,
    })
    .returning();
  return row!;
}
