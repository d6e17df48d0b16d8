import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_LOCK_STALE_MS, lockDataDir } from '../src/data-dir-lock.ts';
import { createDb, DataDirInUseError, DEMO_USERS, MIGRATIONS_DIR, schema, seed } from '../src/index.ts';
import { createTestDb } from '../src/testing.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cab-db-'));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('match the Drizzle schema (run `npm run db:generate` after changing it)', () => {
    // drizzle-kit wants an out folder relative to the working directory.
    const out = mkdtempSync(path.join(ROOT, 'packages/db/.drift-'));
    temps.push(out);
    cpSync(MIGRATIONS_DIR, out, { recursive: true });
    const before = readdirSync(out).sort();
    const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'packages/db/drizzle.config.ts'], {
      cwd: ROOT,
      env: { ...process.env, DRIZZLE_OUT: `./${path.relative(ROOT, out)}` },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(output).toContain('No schema changes');
    expect(readdirSync(out).sort()).toEqual(before);
  });
});

describe('seed', () => {
  it('creates one account per role and a company on an empty database, and nothing the second time', async () => {
    const handle = await createTestDb();
    try {
      expect((await seed(handle.db)).createdDemoUsers).toBe(DEMO_USERS.length);
      const catalogVersion = async () =>
        (await handle.db.select().from(schema.settings).where(eq(schema.settings.key, 'catalog_version')))[0]?.value;
      // Loading the demo catalogue moves its version: running servers draw their cached pages again.
      const seededVersion = await catalogVersion();
      expect(seededVersion).toEqual(expect.any(String));
      expect((await seed(handle.db)).createdDemoUsers).toBe(0);
      expect(await catalogVersion()).toBe(seededVersion);
      const users = await handle.db.select().from(schema.users);
      expect(users).toHaveLength(DEMO_USERS.length);
      const company = await handle.db.select().from(schema.companies);
      expect(company.map((c) => c.name)).toEqual(['Acme Kitchens']);
      const inCompany = users
        .filter((u) => u.companyId === company[0]!.id)
        .map((u) => u.email)
        .sort();
      expect(inCompany).toEqual(['employee@demo.test', 'manager@demo.test']);
      const settings = await handle.db.select().from(schema.settings);
      expect(settings.map((s) => s.key).sort()).toEqual([
        'books_accounts',
        'capacity_per_day',
        'catalog_version',
        'lead_time',
        'payment_terms_days',
        'remake_lead_time',
        'remake_reasons',
        'remit_check_payee',
        'remit_wire_details',
        'seller_address',
        'seller_name',
        'seller_phone',
        'shop_state',
        'statement_monthly',
        'stations',
        'tax_rates',
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe('embedded PGlite on disk', () => {
  it('keeps every row across a close and reopen', async () => {
    const dataDir = tempDir();
    const first = await createDb({ dataDir });
    await seed(first.db);
    await first.db.insert(schema.tags).values({ name: 'persisted', value: 'yes' });
    await first.db.update(schema.users).set({ firstName: 'Changed' }).where(eq(schema.users.email, 'staff@demo.test'));
    await first.close();

    const second = await createDb({ dataDir });
    try {
      const tags = await second.db.select().from(schema.tags).where(eq(schema.tags.name, 'persisted'));
      expect(tags).toHaveLength(1);
      const [staff] = await second.db.select().from(schema.users).where(eq(schema.users.email, 'staff@demo.test'));
      expect(staff?.firstName).toBe('Changed');
      const [{ n }] = (await second.db.execute(sql`select count(*)::int as n from users`)).rows as [{ n: number }];
      expect(n).toBe(DEMO_USERS.length);
    } finally {
      await second.close();
    }
  });
});

describe('one process per PGlite data directory', () => {
  it('refuses a second opener with a clear error and leaves the first one working', async () => {
    const dataDir = tempDir();
    const first = await createDb({ dataDir });
    try {
      await first.db.insert(schema.tags).values({ name: 'held' });
      const second = createDb({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(createDb({ dataDir })).rejects.toThrow(/in use by another process \(pid \d+\)/);
      const rows = await first.db.select().from(schema.tags).where(eq(schema.tags.name, 'held'));
      expect(rows).toHaveLength(1);
    } finally {
      await first.close();
    }
    // Released on close: the next opener sees the saved row.
    const again = await createDb({ dataDir });
    try {
      expect(await again.db.select().from(schema.tags).where(eq(schema.tags.name, 'held'))).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('takes over a lock file left empty by a crash, but not one an opener has just created', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'pgdata.lock');
    writeFileSync(file, '');
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    const old = (Date.now() - EMPTY_LOCK_STALE_MS - 1_000) / 1000;
    utimesSync(file, old, old);
    const release = lockDataDir(dataDir);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid}@${hostname()}@\\d+$`));
    release();
  });

  it("takes over a crashed opener's lock whose pid is now this process's or another's (pid reuse)", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'pgdata.lock');
    // A restarted container's server gets the pid of the one that crashed.
    writeFileSync(file, `${process.pid}@${hostname()}@1`);
    let release = lockDataDir(dataDir);
    release();
    // The crashed opener's pid now belongs to a running process started at another time.
    writeFileSync(file, `${process.ppid}@${hostname()}@1`);
    release = lockDataDir(dataDir);
    release();
    // The same running process, as the lock names it: held.
    const parent = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const started = parent.slice(parent.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(file, `${process.ppid}@${hostname()}@${started}`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    // An older lock without a start time names a running process: held.
    writeFileSync(file, `${process.ppid}@${hostname()}`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
  });

  it('refuses a second opener in the same process', () => {
    const dataDir = tempDir();
    const release = lockDataDir(dataDir);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    } finally {
      release();
    }
  });

  it('takes over the lock of a process that no longer runs (after a crash)', async () => {
    const dataDir = tempDir();
    const dead = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString();
    const host = (await import('node:os')).hostname();
    writeFileSync(path.join(dataDir, 'pgdata.lock'), `${dead}@${host}`);
    const handle = await createDb({ dataDir });
    try {
      expect(readFileSync(path.join(dataDir, 'pgdata.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}@${host}@`));
    } finally {
      await handle.close();
    }
  });
});
