import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@cab/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startExpectingFailure } from './ops-process.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cab-ops-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One line, no stack trace ("    at ..."), exit code 1. */
function expectOneLine(result: { code: number; output: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.output).not.toMatch(/^\s+at /m);
}

describe('start-up checks: one clear line, never a stack trace', () => {
  it('an invalid configuration value names its variable', { timeout: 180_000 }, async () => {
    expectOneLine(
      await startExpectingFailure({ PORT: 'eighty', DATA_DIR: tempDir() }),
      /^Invalid configuration: PORT /,
    );
    expectOneLine(
      await startExpectingFailure({ SHUTDOWN_TIMEOUT_MS: '-5', DATA_DIR: tempDir() }),
      /SHUTDOWN_TIMEOUT_MS must be a whole number/,
    );
    expectOneLine(
      await startExpectingFailure({ DATABASE_URL: 'mysql://x@localhost/db', DATA_DIR: tempDir() }),
      /^Invalid configuration: DATABASE_URL must start with postgres:/,
    );
    expectOneLine(await startExpectingFailure({ LOG_LEVEL: 'loud', DATA_DIR: tempDir() }), /LOG_LEVEL must be one of/);
  });

  it('a database it cannot reach', { timeout: 120_000 }, async () => {
    const result = await startExpectingFailure({
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/cab',
      DATA_DIR: tempDir(),
    });
    expectOneLine(
      result,
      /^Cannot reach the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/cab \(ECONNREFUSED\)/,
    );
    expect(result.output).not.toContain('secret');
  });

  it('a database migrated by a newer version of the code', async () => {
    const dataDir = tempDir();
    const handle = await createDb({ dataDir });
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${String(Date.now() + 365 * 86_400_000)})`,
    );
    await handle.close();
    expectOneLine(
      await startExpectingFailure({ DATA_DIR: dataDir }),
      /^The database has migrations newer than this server's code \(\d+ applied, \d+ known\)/,
    );
  }, 120_000);
});
