import { type Executor, schema } from '@cab/db';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';

const { users, companies, authTokens, addresses, invitations, accessRequests, passwordResets } = schema;

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type CompanyRef = { id: number; name: string } | null;
export type UserWithCompany = { user: UserRow; company: CompanyRef };

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL unique violation (both drivers expose the SQLSTATE as `code`, drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export interface Paging {
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------
// Users

/** Which users a list shows. */
export type UserScope =
  | { kind: 'customers'; accountType?: 'P' | 'B' }
  | { kind: 'personal' }
  | { kind: 'staff' }
  | { kind: 'company'; companyId: number };

const notStaff = and(eq(users.isStaff, false), eq(users.isEmployee, false));

function scopeWhere(scope: UserScope): SQL | undefined {
  switch (scope.kind) {
    case 'customers':
      return and(
        notStaff,
        scope.accountType ? eq(users.accountType, scope.accountType) : inArray(users.accountType, ['P', 'B']),
      );
    case 'personal':
      return and(notStaff, eq(users.accountType, 'P'));
    case 'staff':
      return or(eq(users.isStaff, true), eq(users.isEmployee, true));
    case 'company':
      return eq(users.companyId, scope.companyId);
  }
}

const userColumns = { user: users, company: { id: companies.id, name: companies.name } };

const toUserWithCompany = (r: { user: UserRow; company: { id: number; name: string } | null }): UserWithCompany => ({
  user: r.user,
  company: r.company?.id ? r.company : null,
});

/** One page of users, ordered by last name, first name, id; search matches names, e-mail and company. */
export async function userPage(
  db: Executor,
  scope: UserScope,
  q: Paging & { search?: string; isActive?: boolean },
): Promise<{ rows: UserWithCompany[]; total: number }> {
  const search = q.search
    ? or(
        ilike(users.firstName, likePattern(q.search)),
        ilike(users.lastName, likePattern(q.search)),
        ilike(users.email, likePattern(q.search)),
        ilike(companies.name, likePattern(q.search)),
      )
    : undefined;
  const where = and(scopeWhere(scope), search, q.isActive === undefined ? undefined : eq(users.isActive, q.isActive));
  const [rows, [count]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  return { rows: rows.map(toUserWithCompany), total: count?.n ?? 0 };
}

export async function findUser(db: Executor, id: number): Promise<UserWithCompany | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toUserWithCompany(row) : undefined;
}

export const findUserByEmail = (db: Executor, email: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((r) => r[0]);

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Signs a user out everywhere (deactivation, password reset). */
export async function deleteTokensOf(db: Executor, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

export async function insertToken(db: Executor, userId: number, tokenHash: string) {
  await db.insert(authTokens).values({ userId, tokenHash });
}

/** Active managers of a company other than `exceptUserId`. */
export const otherActiveManagers = (db: Executor, companyId: number, exceptUserId: number) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isManager, true),
        eq(users.isActive, true),
        ne(users.id, exceptUserId),
      ),
    )
    .then((r) => r[0]?.n ?? 0);

/** Serializes manager changes of one company (the last-manager rule reads, then writes). */
export async function lockCompany(db: Executor, companyId: number) {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

// ---------------------------------------------------------------------------------------------
// Companies

export async function companyPage(db: Executor, q: Paging & { search?: string }) {
  const where = q.search
    ? or(
        ilike(companies.name, likePattern(q.search)),
        ilike(companies.email, likePattern(q.search)),
        // A company is also found by the name or e-mail of one of its users.
        sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and (${ilike(users.email, likePattern(q.search))} or ${ilike(users.firstName, likePattern(q.search))} or ${ilike(users.lastName, likePattern(q.search))}))`,
      )
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const findCompany = (db: Executor, id: number) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);

export async function insertCompany(db: Executor, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(db: Executor, id: number, values: Partial<typeof companies.$inferInsert>) {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row;
}

/** Managers (active or not) of the given companies, for the companies list. */
export const managersOf = (db: Executor, companyIds: number[]) =>
  companyIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          companyId: users.companyId,
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(and(inArray(users.companyId, companyIds), eq(users.isManager, true)))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));

export const userCountsOf = (db: Executor, companyIds: number[]) =>
  companyIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ companyId: users.companyId, n: sql<number>`count(*)::int` })
        .from(users)
        .where(inArray(users.companyId, companyIds))
        .groupBy(users.companyId);

// ---------------------------------------------------------------------------------------------
// Addresses: a personal customer's own (user_id) or a company's (company_id).

export type AddressOwner = { userId: number } | { companyId: number };

const ownerWhere = (owner: AddressOwner) =>
  'userId' in owner ? eq(addresses.userId, owner.userId) : eq(addresses.companyId, owner.companyId);

export const addressesOf = (db: Executor, owner: AddressOwner) =>
  db
    .select()
    .from(addresses)
    .where(ownerWhere(owner))
    .orderBy(asc(addresses.kind), desc(addresses.isDefault), asc(addresses.id));

export const findAddress = (db: Executor, owner: AddressOwner, id: number) =>
  db
    .select()
    .from(addresses)
    .where(and(ownerWhere(owner), eq(addresses.id, id)))
    .limit(1)
    .then((r) => r[0]);

export const countAddressesOfKind = (db: Executor, owner: AddressOwner, kind: AddressRow['kind']) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(and(ownerWhere(owner), eq(addresses.kind, kind)))
    .then((r) => r[0]?.n ?? 0);

/** Clears the default flag of the owner's other addresses of a kind. */
export async function unsetDefaults(db: Executor, owner: AddressOwner, kind: AddressRow['kind'], exceptId?: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        ownerWhere(owner),
        eq(addresses.kind, kind),
        eq(addresses.isDefault, true),
        exceptId ? ne(addresses.id, exceptId) : undefined,
      ),
    );
}

export async function insertAddress(db: Executor, values: typeof addresses.$inferInsert) {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

export async function updateAddress(db: Executor, id: number, values: Partial<typeof addresses.$inferInsert>) {
  const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
  return row!;
}

export async function deleteAddress(db: Executor, id: number) {
  await db.delete(addresses).where(eq(addresses.id, id));
}

// ---------------------------------------------------------------------------------------------
// Invitations

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

/** A new invitation replaces the ones not yet accepted: their links stop working. */
export async function deleteOpenInvitations(db: Executor, userId: number) {
  await db.delete(invitations).where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
}

export async function findInvitation(db: Executor, uuid: string) {
  const [row] = await db
    .select({ invitation: invitations, ...userColumns })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(invitations.uuid, uuid))
    .limit(1);
  return row ? { invitation: row.invitation, ...toUserWithCompany(row) } : undefined;
}

/** Marks an invitation used; answers false when another request used it first (single use). */
export async function claimInvitation(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Access requests

export async function insertAccessRequest(db: Executor, values: typeof accessRequests.$inferInsert) {
  const [row] = await db.insert(accessRequests).values(values).returning();
  return row!;
}

export const pendingAccessRequestFor = (db: Executor, email: string) =>
  db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.email, email), eq(accessRequests.status, 'PENDING')))
    .limit(1)
    .then((r) => r[0]);

export const findAccessRequest = (db: Executor, id: number) =>
  db
    .select()
    .from(accessRequests)
    .where(eq(accessRequests.id, id))
    .limit(1)
    .then((r) => r[0]);

/** Decides a request only while it is still pending (two admins answering at once: one wins). */
export async function decideAccessRequest(
  db: Executor,
  id: number,
  values: Partial<typeof accessRequests.$inferInsert>,
): Promise<AccessRequestRow | undefined> {
  const [row] = await db
    .update(accessRequests)
    .set(values)
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'PENDING')))
    .returning();
  return row;
}

export async function accessRequestPage(
  db: Executor,
  q: Paging & { search?: string; status?: AccessRequestRow['status'] },
) {
  const where = and(
    q.status ? eq(accessRequests.status, q.status) : undefined,
    q.search
      ? or(
          ilike(accessRequests.firstName, likePattern(q.search)),
          ilike(accessRequests.lastName, likePattern(q.search)),
          ilike(accessRequests.email, likePattern(q.search)),
          ilike(accessRequests.companyName, likePattern(q.search)),
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(accessRequests)
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(accessRequests).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Password resets

export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export const findPasswordReset = (db: Executor, tokenHash: string) =>
  db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1)
    .then((r) => r[0]);

/** Uses a reset link once: false when it was used already (or concurrently). */
export async function claimPasswordReset(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function closeOpenPasswordResets(db: Executor, userId: number, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
