import { type Executor, schema } from '@cab/db';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { contains, exactCount, type PageWindow, paginate } from '../../kit/list.ts';
import {
  companySessionsChanged,
  toUserWithCompany,
  type UserWithCompany,
  userWithCompanyColumns,
} from '../auth/index.ts';

/**
 * Accounts' own queries: user lists, companies, addresses, invitations, access requests and
 * password resets. Single users and tokens are read and written through the auth module.
 */

const { users, companies, addresses, invitations, accessRequests, passwordResets } = schema;

export type CompanyRow = typeof companies.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type AccessRequestRow = typeof accessRequests.$inferSelect;

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

/** One page of users, ordered by last name, first name, id; search matches names, e-mail and company. */
export function userPage(
  db: Executor,
  scope: UserScope,
  filter: { search?: string; isActive?: boolean },
  window: PageWindow,
) {
  const { search, isActive } = filter;
  const where = and(
    scopeWhere(scope),
    search
      ? or(
          contains(users.firstName, search),
          contains(users.lastName, search),
          contains(users.email, search),
          contains(companies.name, search),
        )
      : undefined,
    isActive === undefined ? undefined : eq(users.isActive, isActive),
  );
  return paginate<UserWithCompany>(
    window,
    async ({ limit, offset }) =>
      (
        await db
          .select(userWithCompanyColumns)
          .from(users)
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(limit)
          .offset(offset)
      ).map(toUserWithCompany),
    // The search may name the company: the count joins it too.
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where);
      return row?.n ?? 0;
    },
  );
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
/**
 * Active admins other than `exceptUserId`, with every active admin row locked for the rest of the
 * transaction: of two admins demoting or deactivating each other at once, the second sees the
 * first's change.
 */
export async function otherActiveAdminsLocked(db: Executor, exceptUserId: number) {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)))
    .for('update');
  return admins.filter((a) => a.id !== exceptUserId).length;
}

export async function lockCompany(db: Executor, companyId: number) {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

// ---------------------------------------------------------------------------------------------
// Companies

export function companyPage(db: Executor, filter: { search?: string }, window: PageWindow) {
  const { search } = filter;
  const where = search
    ? or(
        contains(companies.name, search),
        contains(companies.email, search),
        // A company is also found by the name or e-mail of one of its users.
        sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and (${contains(users.email, search)} or ${contains(users.firstName, search)} or ${contains(users.lastName, search)}))`,
      )
    : undefined;
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(companies)
        .where(where)
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(limit)
        .offset(offset),
    exactCount(db, companies, where),
  );
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
  // Its users' sessions carry its name (GET /api/users/me/ answers from them).
  if (values.name !== undefined) await companySessionsChanged(db, id);
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
// What orders read of a customer's company and addresses (through accounts' index)

export async function companyName(db: Executor, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

/** Several companies' names in one query (a list page's rows). */
export async function companyNames(db: Executor, companyIds: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(companyIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** An address's owner condition: the customer's own, or (with a company) also the company's. */
const ownedBy = (customerId: number, companyId: number | null) =>
  companyId === null
    ? eq(addresses.userId, customerId)
    : or(eq(addresses.userId, customerId), eq(addresses.companyId, companyId));

/** The shipping addresses of the customer and of the company, oldest first. */
export const shippingAddressesOf = (db: Executor, customerId: number, companyId: number | null) =>
  db
    .select({ userId: addresses.userId, state: addresses.state, isDefault: addresses.isDefault })
    .from(addresses)
    .where(and(eq(addresses.kind, 'SHIPPING'), ownedBy(customerId, companyId)))
    .orderBy(asc(addresses.id));

/** The customer's default address of a kind (else the company's, else the oldest); null when none. */
export async function defaultAddressOf(
  db: Executor,
  customerId: number,
  companyId: number | null,
  kind: 'BILLING' | 'SHIPPING',
) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.kind, kind), ownedBy(customerId, companyId)))
    .orderBy(desc(addresses.isDefault), sql`${addresses.userId} is null`, asc(addresses.id))
    .limit(1);
  return row?.id ?? null;
}

/** An address of the customer or of the customer's company; null for anyone else's. */
export async function addressOfOwner(db: Executor, addressId: number, customerId: number, companyId: number | null) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), ownedBy(customerId, companyId)));
  return row ?? null;
}

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

/** `key` is the hash of the link's uuid (the table never holds the link itself). */
export async function findInvitation(db: Executor, key: string) {
  const [row] = await db
    .select({ invitation: invitations, ...userWithCompanyColumns })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(invitations.uuid, key))
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

export function accessRequestPage(
  db: Executor,
  filter: { search?: string; status?: AccessRequestRow['status'] },
  window: PageWindow,
) {
  const { search, status } = filter;
  const where = and(
    status ? eq(accessRequests.status, status) : undefined,
    search
      ? or(
          contains(accessRequests.firstName, search),
          contains(accessRequests.lastName, search),
          contains(accessRequests.email, search),
          contains(accessRequests.companyName, search),
        )
      : undefined,
  );
  return paginate(
    window,
    ({ limit, offset }) =>
      db
        .select()
        .from(accessRequests)
        .where(where)
        .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
        .limit(limit)
        .offset(offset),
    exactCount(db, accessRequests, where),
  );
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

/** A company's active managers with their e-mail (who its reminders go to). */
export const activeManagersOf = (db: Executor, companyId: number) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isManager, true), eq(users.isActive, true)))
    .orderBy(users.id);
