import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DATABASE_ENTRY, filesUnder, type Manifest, writeArchive } from '../backup/archive.ts';
import { backupEnv, fail, requireTool, runTool, totalRows } from '../backup/common.ts';
import { summarizeTables } from '../backup/tables.ts';
import { createDb, DataDirInUseError } from '../index.ts';

/**
 * `npm run db:backup -- FILE`: one .tar.gz with manifest.json (every table's row count and
 * checksum), the database (PGlite's data directory, or pg_dump's custom format) and the files of
 * the local upload store. Decision 0033; README "Backups".
 */
const file = process.argv[2];
if (!file) fail('usage: npm run db:backup -- FILE   (e.g. backups/cabinetry-2026-11-26.tar.gz)');
const out = path.resolve(file);
const env = backupEnv();
const uploadsDir = env.s3Bucket ? undefined : path.join(env.dataDir, 'uploads');

let manifest: Manifest;
let database: Buffer;
if (env.databaseUrl) {
  requireTool('pg_dump');
  // The checksums and pg_dump read one snapshot: the backup is consistent while servers keep writing.
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect().catch((err: Error) => fail(`Cannot reach the database (DATABASE_URL): ${err.message}`));
  await client.query('begin isolation level repeatable read read only');
  const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
  const tables = await summarizeTables(client);
  const dir = mkdtempSync(path.join(tmpdir(), 'cab-backup-'));
  try {
    const dump = path.join(dir, DATABASE_ENTRY.postgres);
    runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      `--snapshot=${snapshot}`,
      '--file',
      dump,
      env.databaseUrl,
    ]);
    database = readFileSync(dump);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await client.query('commit');
    await client.end();
  }
  manifest = manifestOf('postgres', tables);
} else {
  // PGlite is one process's database: the backup opens it itself, so the server must be stopped.
  const handle = await createDb({ dataDir: env.dataDir, migrate: false }).catch((err) => {
    if (err instanceof DataDirInUseError) {
      fail(
        `The embedded database in ${env.dataDir} is in use by a running server (pid ${err.pid}). Stop the server, run npm run db:backup -- ${file} again, then start it (a backup takes seconds). On PostgreSQL, backups run beside the servers.`,
      );
    }
    throw err;
  });
  try {
    const client = (handle as unknown as { client: PGlite }).client;
    const tables = await summarizeTables(client);
    database = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    manifest = manifestOf('pglite', tables);
  } finally {
    await handle.close();
  }
}
writeArchive(out, manifest, database, uploadsDir);
console.log(
  `backup written to ${out}: ${manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${Object.keys(manifest.tables).length} tables, ${totalRows(manifest.tables)} rows, ${manifest.uploads} uploaded files${env.s3Bucket ? ` (uploads are in the S3 bucket ${env.s3Bucket}, not in this file: back the bucket up with its own versioning or replication)` : ''}`,
);

function manifestOf(kind: Manifest['kind'], tables: Manifest['tables']): Manifest {
  return {
    format: 'cabinetry-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    kind,
    migrations: tables['drizzle.__drizzle_migrations']?.rows ?? 0,
    tables,
    uploads: uploadsDir ? filesUnder(uploadsDir).length : 0,
  };
}
