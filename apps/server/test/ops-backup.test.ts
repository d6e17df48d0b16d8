import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type DbHandle } from '@cab/db';
import { type SqlRunner, summarizeTables } from '@cab/db/backup';
import { lockDataDir } from '@cab/db/data-dir-lock';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { testConfig } from './helpers.ts';
import { ROOT } from './ops-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'cab-ops-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const PG = process.env.TEST_DATABASE_URL;

/** Runs an npm db script's file with `env`; exit code and output. */
function cli(script: 'backup' | 'restore', file: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `packages/db/src/cli/${script}.ts`, file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: undefined, S3_BUCKET: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A handle's raw SQL runner (every table, read generically: row counts and checksums). */
const runnerOf = (handle: DbHandle): SqlRunner =>
  'client' in handle
    ? (handle as unknown as { client: SqlRunner }).client
    : (handle as unknown as { pool: SqlRunner }).pool;

async function summaryOf(open: () => Promise<DbHandle>) {
  const handle = await open();
  try {
    return await summarizeTables(runnerOf(handle));
  } finally {
    await handle.close();
  }
}

const UPLOADS = {
  'premium/wood.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'orders/12/plan.pdf': Buffer.alloc(70_000, 9),
};

function writeUploads(dataDir: string) {
  for (const [key, bytes] of Object.entries(UPLOADS)) {
    const file = path.join(dataDir, 'uploads', ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
}

function expectUploads(dataDir: string) {
  for (const [key, bytes] of Object.entries(UPLOADS)) {
    expect(readFileSync(path.join(dataDir, 'uploads', ...key.split('/'))).equals(bytes)).toBe(true);
  }
}

/** A database holding the demo seed: accounts, catalogue, finance rules, orders in every status. */
async function seeded(open: () => Promise<DbHandle>) {
  const handle = await open();
  try {
    await seed(handle.db, { demo: true, demoFinance: true, demoOrders: true, config: testConfig() });
  } finally {
    await handle.close();
  }
}

async function freshPgDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backups of the embedded database', () => {
  const source = path.join(work, 'source');
  const archive = path.join(work, 'embedded.tar.gz');

  it('backs up orders, every table and the uploads, and restores them into a fresh place', {
    timeout: 300_000,
  }, async () => {
    await seeded(() => createDb({ dataDir: source }));
    writeUploads(source);
    const before = await summaryOf(() => createDb({ dataDir: source, migrate: false }));
    expect(before['public.orders']!.rows).toBeGreaterThan(5);

    const backup = await cli('backup', archive, { DATA_DIR: source });
    expect(backup.out).toMatch(/backup written to .*embedded database, \d+ tables, \d+ rows, 2 uploaded files/);
    expect(backup.code).toBe(0);

    const target = path.join(work, 'restored');
    const restore = await cli('restore', archive, { DATA_DIR: target });
    expect(restore.out).toMatch(/tables and \d+ rows verified against the backup; 2 uploaded files/);
    expect(restore.code).toBe(0);
    expect(await summaryOf(() => createDb({ dataDir: target, migrate: false }))).toEqual(before);
    expectUploads(target);

    // A restore never writes over a database.
    const again = await cli('restore', archive, { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out.trim()).toMatch(/already holds a database \(pgdata\/\): restore into an empty folder/);
  });

  it('says to stop the server when the embedded database is in use', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'busy');
    mkdirSync(dataDir, { recursive: true });
    const release = lockDataDir(dataDir);
    try {
      const res = await cli('backup', path.join(work, 'busy.tar.gz'), { DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.out.trim().split('\n')).toHaveLength(1);
      expect(res.out).toMatch(/is in use by a running server \(pid \d+\)\. Stop the server/);
    } finally {
      release();
    }
  });

  it.skipIf(!PG)(
    'moves to PostgreSQL: an embedded backup restores into an empty PostgreSQL database',
    { timeout: 300_000 },
    async () => {
      const url = await freshPgDatabase('ops_backup_moved');
      const target = path.join(work, 'moved');
      const restore = await cli('restore', archive, { DATABASE_URL: url, DATA_DIR: target });
      expect(restore.out).toMatch(/rows verified against the backup/);
      expect(restore.code).toBe(0);
      const before = await summaryOf(() => createDb({ dataDir: source, migrate: false }));
      const after = await summaryOf(() => createDb({ databaseUrl: url, migrate: false }));
      const { 'drizzle.__drizzle_migrations': _a, ...rowsBefore } = before;
      const { 'drizzle.__drizzle_migrations': _b, ...rowsAfter } = after;
      expect(rowsAfter).toEqual(rowsBefore);
      expectUploads(target);
    },
  );
});

describe.skipIf(!PG)('backups of PostgreSQL (pg_dump / pg_restore)', () => {
  it('backs up and restores into an empty database, every table the same', { timeout: 300_000 }, async () => {
    const sourceUrl = await freshPgDatabase('ops_backup_src');
    await seeded(() => createDb({ databaseUrl: sourceUrl }));
    const dataDir = path.join(work, 'pg-source');
    writeUploads(dataDir);
    const before = await summaryOf(() => createDb({ databaseUrl: sourceUrl, migrate: false }));
    const archive = path.join(work, 'pg.tar.gz');
    const backup = await cli('backup', archive, { DATABASE_URL: sourceUrl, DATA_DIR: dataDir });
    expect(backup.out).toMatch(/backup written to .*PostgreSQL, \d+ tables/);
    expect(backup.code).toBe(0);

    const targetUrl = await freshPgDatabase('ops_backup_dst');
    const target = path.join(work, 'pg-target');
    const restore = await cli('restore', archive, { DATABASE_URL: targetUrl, DATA_DIR: target });
    expect(restore.out).toMatch(/rows verified against the backup/);
    expect(restore.code).toBe(0);
    expect(await summaryOf(() => createDb({ databaseUrl: targetUrl, migrate: false }))).toEqual(before);
    expectUploads(target);

    const again = await cli('restore', archive, { DATABASE_URL: targetUrl, DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already has \d+ tables: restore into an empty database/);
  });

  it('says what to install when pg_dump is missing', { timeout: 60_000 }, async () => {
    // A PATH with node alone (node's own folder may hold pg_dump too: /usr/bin).
    const bin = path.join(work, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const res = await cli('backup', path.join(work, 'none.tar.gz'), { DATABASE_URL: PG, PATH: bin });
    expect(res.code).toBe(1);
    expect(res.out.trim()).toMatch(/^pg_dump was not found: install the PostgreSQL client tools/);
  });
});
