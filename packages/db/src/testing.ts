import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type DbHandle, MIGRATIONS_DIR } from './index.ts';
import { migrationsHash as migrationsHashOf } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (when TEST_DATABASE_URL is
 * set) a new database on that PostgreSQL server, dropped again on close.
 *
 * Migrating takes seconds and every API test file wants a database, so the migrated schema is
 * made once per set of migrations and copied: on PGlite from a dump of the data folder kept in
 * the temp folder, on PostgreSQL from a template database. Both are named by a hash of the
 * migrations, so a new migration makes a new one. createDb still runs the migrations on the copy
 * (nothing to apply), so a copy that is behind would be brought up to date, not trusted.
 */
export async function createTestDb(): Promise<DbHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return createDb({ dataDir: 'memory', loadDataDir: await migratedPgliteDump() });

  const template = await migratedTemplate(baseUrl);
  const name = `cab_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, async (admin) => {
    // One copy at a time: PostgreSQL refuses to copy a template another copy is reading.
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK})`);
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.query(`select pg_advisory_unlock(${TEMPLATE_LOCK})`);
    }
  });
  const handle = await createDb({ databaseUrl: urlOf(baseUrl, name), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export function usingPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

const TEMPLATE_LOCK = 727_280;

/** A hash of every migration file: the name of the copies made from them. */
const migrationsHash = () => migrationsHashOf(MIGRATIONS_DIR);

/** The dump of a migrated PGlite, made by the first test file that asks and read by the others. */
async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(tmpdir(), `cab-pglite-migrated-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const handle = await createDb({ dataDir: 'memory' });
    const dump = await (handle as DbHandle & { client: PGlite }).client.dumpDataDir('none');
    await handle.close();
    // Written whole, then renamed: a file beside it never reads half a dump.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** The migrated template database on the test server, made once per set of migrations. */
async function migratedTemplate(baseUrl: string): Promise<string> {
  const template = `cab_template_${migrationsHash()}`;
  await withAdmin(baseUrl, async (admin) => {
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK})`);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      // Made under another name and renamed when migrated: a template is never half made.
      const making = `${template}_making`;
      await admin.query(`drop database if exists ${making} with (force)`);
      await admin.query(`create database ${making}`);
      // Two connections: the migration holds its advisory lock on one and migrates on another.
      const handle = await createDb({ databaseUrl: urlOf(baseUrl, making), poolSize: 2 });
      await handle.close();
      await admin.query(`alter database ${making} rename to ${template}`);
    } finally {
      await admin.query(`select pg_advisory_unlock(${TEMPLATE_LOCK})`);
    }
  });
  return template;
}

async function withAdmin<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function urlOf(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
