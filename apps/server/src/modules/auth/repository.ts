import { type Executor, schema } from '@cab/db';
import type { AnnouncementAudience } from '@cab/shared';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { exactCount } from '../../kit/list.ts';
import { dropCachedSessions, SESSION_CHANNEL } from './session-changes.ts';

/**
 * The one home of the users and auth_tokens queries that more than one module needs (sign-in,
 * accounts, dashboard): other modules reach them through the auth module's index.
 */

const { users, companies, authTokens } = schema;

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CompanyRef = { id: number; name: string } | null;
export type UserWithCompany = { user: UserRow; company: CompanyRef };

/** Columns of a user joined with its company's reference (leftJoin companies on users.company_id). */
export const userWithCompanyColumns = { user: users, company: { id: companies.id, name: companies.name } };

export const toUserWithCompany = (r: {
  user: UserRow;
  company: { id: number; name: string } | null;
}): UserWithCompany => ({
  user: r.user,
  company: r.company?.id ? r.company : null,
});

// ---------------------------------------------------------------------------------------------
// A customer as orders see them (the wire's customer, the pricing's tax exemption)

/** A user's name and the flags its role is derived from (deriveRole). */
const NAME_AND_ROLE = {
  firstName: users.firstName,
  lastName: users.lastName,
  accountType: users.accountType,
  isStaff: users.isStaff,
  isEmployee: users.isEmployee,
  isManager: users.isManager,
};

/** The customer's columns (and the company's name and tax exemption) an order reads. */
export const CUSTOMER_FIELDS = {
  id: users.id,
  ...NAME_AND_ROLE,
  isActive: users.isActive,
  taxExempt: users.taxExempt,
  companyId: users.companyId,
  companyName: companies.name,
  companyTaxExempt: companies.taxExempt,
};

/** The customer an order belongs to, with its company's name and tax exemption (null when unknown). */
export async function customerOf(db: Executor, userId: number) {
  const [row] = await db
    .select(CUSTOMER_FIELDS)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}
export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customerOf>>>;

/** The full names (first and last, trimmed) of the users of `ids` that exist. */
export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** Which of some users are the shop's admins (is_staff: ADMIN, roles.ts); an approval one decided is the shop's. */
export async function adminsAmong(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.isStaff, true)));
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------------------------------------
// Groups of users other modules count or write to (e-mail's audiences, the dashboard)

/** Which active users an audience reaches (DOMAIN: customers are P/B accounts, never staff). */
function audienceWhere(audience: AnnouncementAudience) {
  const notStaff = and(eq(users.isStaff, false), eq(users.isEmployee, false));
  switch (audience) {
    case 'ALL_CUSTOMERS':
      return and(eq(users.isActive, true), notStaff, inArray(users.accountType, ['P', 'B']));
    case 'BUSINESS':
      return and(eq(users.isActive, true), notStaff, eq(users.accountType, 'B'));
    case 'PERSONAL':
      return and(eq(users.isActive, true), notStaff, eq(users.accountType, 'P'));
    case 'STAFF':
      return and(eq(users.isActive, true), or(eq(users.isStaff, true), eq(users.isEmployee, true)));
  }
}

/** The active users an audience reaches, by id (the first `limit` when given). */
export const audienceRecipients = (db: Executor, audience: AnnouncementAudience, limit?: number) => {
  const q = db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(audienceWhere(audience))
    .orderBy(asc(users.id));
  return limit ? q.limit(limit) : q;
};

export const audienceCount = (db: Executor, audience: AnnouncementAudience) =>
  exactCount(db, users, audienceWhere(audience))();

/** The active admins (who hear of a disputed payment). */
export const adminRecipients = (db: Executor) =>
  db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isActive, true), eq(users.isStaff, true)))
    .orderBy(asc(users.id));

/** The active users of a company. */
export function activeMemberCount(db: Executor, companyId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
    .then((r) => r[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Users

export function findUserByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((r) => r[0]);
}

export async function findUserWithCompany(db: Executor, id: number): Promise<UserWithCompany | undefined> {
  const [row] = await db
    .select(userWithCompanyColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toUserWithCompany(row) : undefined;
}

/**
 * What GET /api/users/me/ answers (read on every page load): only those columns, flat, prepared
 * once per database.
 */
const meQueries = new WeakMap<Executor, ReturnType<typeof prepareMe>>();
const prepareMe = (db: Executor) =>
  db
    .select({
      id: users.id,
      email: users.email,
      ...NAME_AND_ROLE,
      isSuperuser: users.isSuperuser,
      requirePasswordReset: users.requirePasswordReset,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_me');

export async function findMe(db: Executor, id: number) {
  let query = meQueries.get(db);
  if (!query) {
    query = prepareMe(db);
    meQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row;
}

export async function insertUser(db: Executor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * The users columns no session carries (sessionLookup): a write of only these keeps the user's
 * cached sessions; any other column drops them (a new column is safe by default).
 */
const NOT_IN_SESSION = new Set<string>([
  'lastLoginAt',
  'filters',
  'phone',
  'taxExempt',
  'updatedAt',
  'spendingLimit',
  'monthlySpendingLimit',
]);

export async function updateUser(db: Executor, id: number, values: Partial<NewUser>) {
  await db.update(users).set(values).where(eq(users.id, id));
  if (Object.keys(values).some((k) => !NOT_IN_SESSION.has(k))) await sessionsChanged(db, id);
}

/** A company's name changed: its users' sessions (which carry it for /me) are dropped everywhere. */
export async function companySessionsChanged(db: Executor, companyId: number) {
  dropCachedSessions({ companyId });
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`c${companyId}`})`);
}

// ---------------------------------------------------------------------------------------------
// Tokens (sessions)

/**
 * The authentication hook's lookup: the token with this hash and what a request needs of its user.
 * It runs on every /api request not answered from the session cache (session-cache.ts), so it is
 * prepared once per database (PostgreSQL then parses and plans it once per connection) and selects
 * only those columns and what /me answers.
 */
/** What a session's role and reach are read from: the lookup's and a stream's recheck. */
const sessionActor = {
  id: users.id,
  companyId: users.companyId,
  accountType: users.accountType,
  isStaff: users.isStaff,
  isEmployee: users.isEmployee,
  isManager: users.isManager,
  isActive: users.isActive,
};

export function sessionLookup(db: Executor) {
  const query = db
    .select({
      tokenId: authTokens.id,
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      ...sessionActor,
      email: users.email,
      requirePasswordReset: users.requirePasswordReset,
      // What GET /api/users/me/ answers besides: it answers from the session (no second query).
      firstName: users.firstName,
      lastName: users.lastName,
      isSuperuser: users.isSuperuser,
      companyName: companies.name,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(authTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('auth_session');
  return async (tokenHash: string) => (await query.execute({ hash: tokenHash }))[0];
}

export type Session = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionLookup>>>>;

export async function touchToken(db: Executor, tokenId: number, at: Date) {
  await db.update(authTokens).set({ lastUsedAt: at }).where(eq(authTokens.id, tokenId));
}

export function tokensOf(db: Executor, userId: number) {
  return db.select().from(authTokens).where(eq(authTokens.userId, userId)).orderBy(desc(authTokens.createdAt));
}

export async function insertToken(db: Executor, userId: number, tokenHash: string) {
  await db.insert(authTokens).values({ userId, tokenHash });
}

export async function deleteToken(db: Executor, tokenId: number) {
  const [row] = await db.delete(authTokens).where(eq(authTokens.id, tokenId)).returning({ userId: authTokens.userId });
  if (row) await sessionsChanged(db, row.userId);
}

/** Signs out every other session of a user (after a password change). */
export async function deleteOtherTokens(db: Executor, userId: number, keepTokenId: number) {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)));
  await sessionsChanged(db, userId);
}

/** Signs a user out everywhere (deactivation, password reset). */
export async function deleteTokensOf(db: Executor, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await sessionsChanged(db, userId);
}

/**
 * What a session of this user grants changed: its cached copies (session-cache.ts) are dropped in
 * this process now, and NOTIFY tells every server (this one too) once the change commits; inside a
 * transaction PostgreSQL delivers it at commit, and never after a rollback.
 */
async function sessionsChanged(db: Executor, userId: number) {
  dropCachedSessions({ userId });
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${String(userId)})`);
}
