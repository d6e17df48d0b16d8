import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { reconcileEditedMigrations } from './migration-repairs.ts';
import { assertMigrationsNotAhead } from './migration-state.ts';
import { lineUpQueries } from './pg-query-line.ts';
import { retryEndedConnections } from './pg-reconnect.ts';
import { pgliteLineDepth, queuedClient } from './pglite-queue.ts';
import { isNewPgdata, keepMigratedTemplate, migratedTemplate } from './pglite-template.ts';
import * as schema from './schema/index.ts';
import type { Db } from './types.ts';

export { CATALOG_VERSION_KEY, moveCatalogVersion } from './catalog-version.ts';
export { DataDirInUseError } from './data-dir-lock.ts';
export { appliedMigrations, knownMigrations, MigrationsAheadError } from './migration-state.ts';
export { addressSnapshot, orderTotalsColumns } from './order-rows.ts';
export * from './passwords.ts';
export { inLine } from './pglite-queue.ts';
export { rowsOf } from './rows.ts';
export * from './seed.ts';
export type { Db, Executor } from './types.ts';
export { schema };

/** Extensions the migrations create (0005: pg_trgm for substring filters); PostgreSQL ships them as contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

// The compiled server (apps/server/build.mjs) is one file in another folder: it says where they are.
declare const __MIGRATIONS_FROM_BUNDLE__: string | undefined;
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof __MIGRATIONS_FROM_BUNDLE__ === 'string' ? __MIGRATIONS_FROM_BUNDLE__ : '../migrations',
);

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives: the PGlite folder or the PostgreSQL URL without password. */
  location: string;
  /** Connections or callers at this moment (metrics): the pool's counts, or PGlite's line. */
  stats(): DbStats;
  close(): Promise<void>;
}

/** node-postgres pool counts; on PGlite `total` is 1 and `waiting` the callers in its line. */
export interface DbStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface CreateDbOptions {
  /** node-postgres connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory' for an in-memory database. */
  dataDir?: string;
  /** Run migrations before returning (default true). */
  migrate?: boolean;
  poolSize?: number;
  /** With dataDir 'memory': start from this dump of another PGlite (dumpDataDir), e.g. a migrated one. */
  loadDataDir?: Blob;
  /** A data folder without a database starts from the kept migrated copy (pglite-template.ts). */
  migratedTemplate?: boolean;
}

/**
 * PostgreSQL through node-postgres when a URL is given, else embedded PGlite with its data under
 * DATA_DIR/pgdata (./data by default). Both run the same committed migrations.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir ?? path.resolve('data'), options.loadDataDir, options.migratedTemplate);
  if (options.migrate !== false) {
    await runMigrations(handle);
    if ('initdb' in handle && handle.initdb) await keepMigratedTemplate(handle.client, MIGRATIONS_DIR);
  }
  return handle;
}

function openPostgres(url: string, max: number): DbHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`postgres: idle connection error: ${err.message}`));
  pool.on('connect', lineUpQueries);
  const db = drizzleNodePg(pool) as unknown as Db;
  // The first statements after the server cut the connections: once more on a new one, not a 500.
  retryEndedConnections(pool, db);
  return {
    db,
    pool,
    kind: 'postgres',
    location: url.replace(/:[^:@/]+@/, ':***@'),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

const pgliteStats = (): DbStats => {
  const waiting = pgliteLineDepth();
  return { total: 1, idle: waiting === 0 ? 1 : 0, waiting };
};

/** Drizzle over PGlite, every statement through the fair line (pglite-queue.ts). */
const pgliteDb = (client: PGlite) => drizzlePglite({ client: queuedClient(client) as PGlite }) as unknown as Db;

/** `initdb`: a new folder made from scratch (no kept copy was used) whose migrated files are to be kept. */
async function openPglite(
  dataDir: string,
  loadDataDir?: Blob,
  template = false,
): Promise<DbHandle & { client: PGlite; initdb?: boolean }> {
  if (dataDir === 'memory') {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
    await client.waitReady;
    const db = pgliteDb(client);
    return { db, client, kind: 'pglite', location: dataDir, stats: pgliteStats, close: () => client.close() };
  }
  mkdirSync(dataDir, { recursive: true });
  // Before PGlite reads a byte: a second process must not open the same files.
  const release = lockDataDir(dataDir);
  try {
    const dir = path.join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    const isNew = template && isNewPgdata(dir);
    const copy = isNew ? migratedTemplate(MIGRATIONS_DIR) : undefined;
    const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS, ...(copy ? { loadDataDir: copy } : {}) });
    await client.waitReady;
    const db = pgliteDb(client);
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db, client, kind: 'pglite', location: dataDir, stats: pgliteStats, close, initdb: isNew && !copy };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Applies pending migrations; on PostgreSQL under an advisory lock so several instances can start
 * at once. A database that holds migrations this code does not know (a newer version ran on it)
 * is refused with MigrationsAheadError, before anything is applied. A database that applied the
 * first version of a migration edited later is reconciled first (migration-repairs.ts).
 */
async function runMigrations(handle: DbHandle): Promise<void> {
  if ('pool' in handle) {
    const pool = handle.pool as pg.Pool;
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock(727274)');
      await prepareMigrations(handle.db);
      await migrateNodePg(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
      lock.release();
    }
  } else {
    await prepareMigrations(handle.db);
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

async function prepareMigrations(db: Db): Promise<void> {
  await assertMigrationsNotAhead(db, MIGRATIONS_DIR);
  for (const tag of await reconcileEditedMigrations(db, MIGRATIONS_DIR))
    console.warn(`migrations: ${tag} was applied in its first version; brought to its current one`);
}
