import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows.ts';
import type { Db } from './types.ts';

/** The migrations this code knows (drizzle's journal): how many, and the newest one's stamp. */
export function knownMigrations(migrationsDir: string): { count: number; newest: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

/** Whether drizzle's record of applied migrations exists (not on a database never migrated). */
export async function migrationRecordExists(db: Db): Promise<boolean> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  return exists?.present === true;
}

/**
 * What the database has applied (drizzle's `drizzle.__drizzle_migrations`, one row per migration,
 * `created_at` = the journal's stamp); zero rows on a database never migrated.
 */
export async function appliedMigrations(db: Db): Promise<{ count: number; newest: number }> {
  if (!(await migrationRecordExists(db))) return { count: 0, newest: 0 };
  const [row] = await rowsOf<{ count: number; newest: string }>(
    db,
    sql`select count(*)::int as count, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  );
  if (!row) return { count: 0, newest: 0 };
  return { count: row.count, newest: Number(row.newest) };
}

/** A database migrated by a newer version of the code: this server must not run on it. */
export class MigrationsAheadError extends Error {
  constructor(applied: number, known: number) {
    super(
      `The database has migrations newer than this server's code (${applied} applied, ${known} known): run the newer version of the server, or restore a backup taken before the upgrade.`,
    );
    this.name = 'MigrationsAheadError';
  }
}

/** Throws MigrationsAheadError when the database holds a migration this code does not know. */
export async function assertMigrationsNotAhead(db: Db, migrationsDir: string): Promise<void> {
  const known = knownMigrations(migrationsDir);
  const applied = await appliedMigrations(db);
  if (applied.newest > known.newest || applied.count > known.count) {
    throw new MigrationsAheadError(applied.count, known.count);
  }
}
