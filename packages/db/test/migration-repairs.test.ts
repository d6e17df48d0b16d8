import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle, MIGRATIONS_DIR } from '../src/index.ts';
import { EDITED_MIGRATIONS, reconcileEditedMigrations } from '../src/migration-repairs.ts';
import { createTestDb, usingPostgres } from '../src/testing.ts';

/**
 * A database that applied the first versions of the migrations edited after they were committed
 * (0023 in 488501c, 0028 in 0e18632) starts with today's code and ends with a fresh database's
 * schema (migration-repairs.ts). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The first versions, made from today's files by undoing each edit. */
const UNDO_EDIT: Record<string, (text: string) => string> = {
  '0023_order_week_counts': (text) =>
    text
      .replace(/-- Deferred to the commit[^\n]*\n--[^\n]*\n--[^\n]*\n/, '')
      .replaceAll('CREATE CONSTRAINT TRIGGER', 'CREATE TRIGGER')
      .replaceAll('DEFERRABLE INITIALLY DEFERRED FOR EACH ROW', 'FOR EACH ROW'),
  '0028_approvals_live_events': (text) =>
    text.replace(
      'CREATE INDEX "remakes_remake_order_idx" ON "remakes" USING btree ("remake_order_id");--> statement-breakpoint\n',
      '',
    ),
};

/** A migrations folder as it was when the first 0028 was committed: 0000-0028, 0023 and 0028 in their first versions. */
function firstVersionsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cab-first-migrations-'));
  temps.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] };
  for (const edited of EDITED_MIGRATIONS) {
    const file = path.join(dir, `${edited.tag}.sql`);
    const first = UNDO_EDIT[edited.tag]!(readFileSync(file, 'utf8'));
    // The very file the databases applied: drizzle recorded this hash.
    expect(sha256(first)).toBe(edited.firstHash);
    writeFileSync(file, first);
    journal.entries.find((e) => e.tag === edited.tag)!.when = edited.firstWhen;
  }
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === '0028_approvals_live_events') + 1,
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Tables, columns, indexes, constraints, triggers and functions of the public schema, and drizzle's records. */
async function schemaOf(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
      Object.values(r).join(' | '),
    );
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`),
    indexes: await rows(sql`select indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await rows(sql`select c.conname, pg_get_constraintdef(c.oid) from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by c.conname, 2`),
    triggers: await rows(sql`select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal order by 1`),
    functions:
      await rows(sql`select p.proname, md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' order by 1, 2`),
    migrations: await rows(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`),
  };
}

/** Drizzle's own migrator, as the server ran it before the repair. */
const drizzleMigrate = (handle: DbHandle, migrationsFolder: string) =>
  handle.kind === 'postgres'
    ? migrateNodePg(handle.db as never, { migrationsFolder })
    : migratePglite(handle.db as never, { migrationsFolder });

/** A database left as the first 0028 left it; `open` opens it with today's code (which migrates unless told not to). */
async function databaseWithFirstVersions() {
  const folder = firstVersionsFolder();
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const old = await createDb({ dataDir: 'memory', migrate: false });
    await drizzleMigrate(old, folder);
    const dump = await (old as DbHandle & { client: PGlite }).client.dumpDataDir('none');
    await old.close();
    // Each open is a copy of the same files.
    return {
      open: (migrate = true) => createDb({ dataDir: 'memory', loadDataDir: dump, migrate }),
      drop: async () => {},
    };
  }
  const name = `cab_repair_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await admin(`create database ${name}`);
  const old = await createDb({ databaseUrl: url.toString(), migrate: false, poolSize: 2 });
  await drizzleMigrate(old, folder);
  await old.close();
  return {
    open: (migrate = true) => createDb({ databaseUrl: url.toString(), poolSize: 2, migrate }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe(`a database migrated with the first 0028 (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('starts with today’s code and ends with the schema of a fresh database', async () => {
    const old = await databaseWithFirstVersions();
    const fresh = await createTestDb();
    try {
      // Drizzle alone fails as the start did before the repair: it replays the edited 0028 on top
      // of the first (in one transaction, rolled back).
      const bare = await old.open(false);
      try {
        const error = await drizzleMigrate(bare, MIGRATIONS_DIR).then(
          () => null,
          (err: Error & { cause?: Error }) => err.cause ?? err,
        );
        expect(String(error)).toMatch(/"order_approvals" already exists/);
      } finally {
        await bare.close();
      }
      const opened = await old.open();
      try {
        expect(await schemaOf(opened.db)).toEqual(await schemaOf(fresh.db));
        // The next start finds nothing to reconcile.
        expect(await reconcileEditedMigrations(opened.db, MIGRATIONS_DIR)).toEqual([]);
      } finally {
        await opened.close();
      }
    } finally {
      await fresh.close();
      await old.drop();
    }
  });
});
