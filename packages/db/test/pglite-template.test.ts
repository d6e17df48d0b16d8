import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appliedMigrations, createDb, type DbHandle, knownMigrations, MIGRATIONS_DIR } from '../src/index.ts';
import { migrationsHash } from '../src/pglite-template.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const KEPT = path.join(ROOT, 'node_modules/.cache/cab-pglite');
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cab-template-'));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** initdb gives every cluster its own identifier: two folders share one only as copies. */
const clusterId = async (handle: DbHandle) =>
  (
    (await handle.db.execute(sql`select system_identifier::text as id from pg_control_system()`)).rows[0] as {
      id: string;
    }
  ).id;

describe('a new embedded data folder', () => {
  it('is made once with initdb, kept, and later ones start from that migrated copy', async () => {
    const hash = migrationsHash(MIGRATIONS_DIR);
    const kept = () => readdirSync(KEPT).filter((f) => f.endsWith('.tar') && f.includes(hash));
    // No copy of these migrations yet: the first folder runs initdb and the migrations.
    if (existsSync(KEPT)) for (const file of kept()) rmSync(path.join(KEPT, file), { force: true });
    const first = await createDb({ dataDir: tempDir(), migratedTemplate: true });
    const firstId = await clusterId(first);
    await first.close();
    expect(kept()).toHaveLength(1);

    const second = await createDb({ dataDir: tempDir(), migratedTemplate: true });
    try {
      expect(await clusterId(second)).toBe(firstId);
      expect(await appliedMigrations(second.db)).toEqual(knownMigrations(MIGRATIONS_DIR));
    } finally {
      await second.close();
    }
  });
});
