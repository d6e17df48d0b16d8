import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DATABASE_ENTRY, readArchive, restoreUploads } from '../backup/archive.ts';
import { backupEnv, differences, fail, requireTool, runTool, totalRows } from '../backup/common.ts';
import { copyAllRows, listTables, type SqlRunner, summarizeTables } from '../backup/tables.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { createDb, DataDirInUseError, MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../index.ts';

/**
 * `npm run db:restore -- FILE`: into an EMPTY place only (a fresh DATA_DIR, or an empty
 * PostgreSQL database), then every table is checked against the backup's row counts and checksums.
 * An embedded backup restores into PostgreSQL too (DATABASE_URL set): the way to move over.
 */
const file = process.argv[2];
if (!file)
  fail('usage: npm run db:restore -- FILE   (into an empty DATA_DIR, or an empty database named by DATABASE_URL)');
const env = backupEnv();
let archive: ReturnType<typeof readArchive>;
try {
  archive = readArchive(path.resolve(file));
} catch (err) {
  fail(`Cannot read ${file}: ${(err as Error).message}`);
}
const { manifest, database, uploads } = archive;

/** A PGlite client from the backup's data directory, migrated to this code's version. */
async function openBackedUpPglite(dir?: string): Promise<PGlite> {
  const client = new PGlite({ dataDir: dir, extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([database]) });
  await client.waitReady;
  return client;
}

let verified: string;
if (env.databaseUrl) {
  const target = new pg.Client({ connectionString: env.databaseUrl });
  await target.connect().catch((err: Error) => fail(`Cannot reach the database (DATABASE_URL): ${err.message}`));
  const existing = (await listTables(target)).length;
  if (existing > 0) {
    await target.end();
    fail(
      `The database named by DATABASE_URL already has ${existing} tables: restore into an empty database (createdb cabinetry_restored, then set DATABASE_URL to it).`,
    );
  }
  if (manifest.kind === 'postgres') {
    requireTool('pg_restore');
    const dir = mkdtempSync(path.join(tmpdir(), 'cab-restore-'));
    try {
      const dump = path.join(dir, DATABASE_ENTRY.postgres);
      writeFileSync(dump, database);
      runTool('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        '--dbname',
        env.databaseUrl,
        dump,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    verified = verify(manifest.tables, await summarizeTables(target));
  } else {
    // Embedded -> PostgreSQL: the schema from this code's migrations, then every row copied.
    await target.end();
    const handle = await createDb({ databaseUrl: env.databaseUrl });
    await handle.close();
    const source = await openBackedUpPglite();
    const before = await summarizeTables(source);
    const moved = differences(manifest.tables, before).length === 0;
    await migrate(drizzle({ client: source }), { migrationsFolder: MIGRATIONS_DIR });
    const again = new pg.Client({ connectionString: env.databaseUrl });
    await again.connect();
    await copyAllRows(source as unknown as SqlRunner, again);
    const copied = await summarizeTables(again);
    const expected = await summarizeTables(source);
    await source.close();
    verified = moved
      ? verify(expected, copied, 'drizzle.__drizzle_migrations')
      : fail('the backup does not match its manifest');
    await again.end();
    await target.end().catch(() => undefined);
  }
  await target.end().catch(() => undefined);
} else {
  if (manifest.kind === 'postgres') {
    fail(
      'This backup is of a PostgreSQL database: restore it into PostgreSQL (set DATABASE_URL to an empty database).',
    );
  }
  const pgdata = path.join(env.dataDir, 'pgdata');
  let present: string[] = [];
  try {
    present = readdirSync(pgdata);
  } catch {}
  if (present.length > 0) {
    fail(
      `${env.dataDir} already holds a database (pgdata/): restore into an empty folder (DATA_DIR=/path/to/new npm run db:restore -- ${file}) and point the server at it, or move the old one aside first.`,
    );
  }
  mkdirSync(pgdata, { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(env.dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError) fail(err.message);
    throw err;
  }
  try {
    const client = await openBackedUpPglite(pgdata);
    verified = verify(manifest.tables, await summarizeTables(client));
    await client.close();
  } finally {
    release();
  }
}

if (uploads.length > 0) restoreUploads(uploads, path.join(env.dataDir, 'uploads'));
console.log(
  `restored ${file}: ${verified}; ${uploads.length} uploaded files into ${path.join(env.dataDir, 'uploads')}${env.s3Bucket ? ` (S3_BUCKET is set: copy them into the bucket, e.g. aws s3 sync ${path.join(env.dataDir, 'uploads')} s3://${env.s3Bucket})` : ''}`,
);

/** Every table as the backup recorded it, else exit with the tables that differ. */
function verify(expected: typeof manifest.tables, actual: typeof manifest.tables, ...skip: string[]): string {
  const diff = differences(expected, actual).filter((t) => !skip.includes(t));
  if (diff.length > 0) fail(`The restored database differs from the backup in ${diff.join(', ')}: do not use it.`);
  return `${Object.keys(expected).length} tables and ${totalRows(expected)} rows verified against the backup`;
}
