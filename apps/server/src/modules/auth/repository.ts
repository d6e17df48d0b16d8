import { type Db, type Executor, schema } from '@cab/db';
import { and, eq, ne } from 'drizzle-orm';

const { users, companies, authTokens } = schema;

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((r) => r[0]);
}

export async function findUserWithCompany(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, company: { id: companies.id, name: companies.name } })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function insertToken(db: Executor, userId: number, tokenHash: string) {
  await db.insert(authTokens).values({ userId, tokenHash });
}

export async function deleteToken(db: Executor, tokenId: number) {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Signs out every other session of a user (after a password change). */
export async function deleteOtherTokens(db: Executor, userId: number, keepTokenId: number) {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)));
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}
