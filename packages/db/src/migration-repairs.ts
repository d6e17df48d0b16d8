import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationRecordExists } from './migration-state.ts';
import { rowsOf } from './rows.ts';
import type { Db } from './types.ts';

/**
 * Committed migrations that were edited after databases had applied them (issue 36). Such a
 * database keeps drizzle's record of the first version (`drizzle.__drizzle_migrations`: the SHA-256
 * of its SQL and the journal's `when`). Drizzle compares only the `when`s: an edit that moved the
 * `when` (0028) is applied again on top of the first version and fails the start (`relation
 * "order_approvals" already exists`); an edit that kept it (0023) is never applied, and the
 * database silently lacks it. Before migrating, each record of a first version is reconciled in one
 * transaction: the edit's statements are run and the record is rewritten to the current version,
 * so drizzle goes on from there and the schema ends as a fresh database's. No new entry is ever
 * needed: committed migrations no longer change (packages/db/test/migrations-unchanged.test.ts).
 */
interface EditedMigration {
  tag: string;
  /** drizzle's record of the first version: the SHA-256 of its SQL and its journal `when`. */
  firstHash: string;
  firstWhen: number;
  /** What the edit added, for a database that has the first version. */
  reconcile: string[];
}

export const EDITED_MIGRATIONS: EditedMigration[] = [
  {
    // 488501c: the week count triggers deferred to the commit (decision 0038); `when` kept.
    tag: '0023_order_week_counts',
    firstHash: '5fc18b402a413895f32780a0c8c1e38ac5420d7ff177df9c31b188a13c6223e9',
    firstWhen: 1795749373973,
    reconcile: [
      'DROP TRIGGER IF EXISTS orders_week_counts ON "orders"',
      `CREATE CONSTRAINT TRIGGER orders_week_counts AFTER INSERT OR DELETE ON "orders"
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_count_weeks()`,
      'DROP TRIGGER IF EXISTS orders_week_counts_move ON "orders"',
      `CREATE CONSTRAINT TRIGGER orders_week_counts_move AFTER UPDATE OF status, created_at ON "orders"
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
        EXECUTE FUNCTION orders_count_weeks()`,
    ],
  },
  {
    // 0e18632: an index on remakes.remake_order_id; `when` moved, so drizzle replayed the whole file.
    tag: '0028_approvals_live_events',
    firstHash: 'e8d1b9f3ae113e3e639418c24ece7bacb17c0dac9577fac42df9f3a797017ce5',
    firstWhen: 1795848859524,
    reconcile: ['CREATE INDEX IF NOT EXISTS "remakes_remake_order_idx" ON "remakes" USING btree ("remake_order_id")'],
  },
];

/** drizzle's record of the current version of `tag`: the SHA-256 of its SQL and its journal `when`. */
function currentRecord(migrationsDir: string, tag: string): { hash: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) throw new Error(`migration ${tag} is not in the journal`);
  const text = readFileSync(path.join(migrationsDir, `${tag}.sql`)).toString();
  return { hash: createHash('sha256').update(text).digest('hex'), when: entry.when };
}

/**
 * Brings a database that applied the first version of an edited migration to its current version
 * (see EDITED_MIGRATIONS); returns the tags reconciled. Runs before drizzle's migrator, under the
 * same advisory lock on PostgreSQL; a database never migrated, or with no first version, is left alone.
 */
export async function reconcileEditedMigrations(db: Db, migrationsDir: string): Promise<string[]> {
  if (!(await migrationRecordExists(db))) return [];
  const done: string[] = [];
  for (const edited of EDITED_MIGRATIONS) {
    const found = await rowsOf<{ id: number }>(
      db,
      sql`select id from drizzle.__drizzle_migrations where hash = ${edited.firstHash} and created_at = ${edited.firstWhen}`,
    );
    if (found.length === 0) continue;
    const current = currentRecord(migrationsDir, edited.tag);
    await db.transaction(async (tx) => {
      for (const statement of edited.reconcile) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`update drizzle.__drizzle_migrations set hash = ${current.hash}, created_at = ${current.when}
            where hash = ${edited.firstHash} and created_at = ${edited.firstWhen}`,
      );
    });
    done.push(edited.tag);
  }
  return done;
}
