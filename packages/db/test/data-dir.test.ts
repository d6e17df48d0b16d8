import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/index.ts';

/**
 * A second opener of a PGlite data directory (another `npm start`, or `npm run db:migrate`
 * beside a running server) must stop with a clear message before it migrates, seeds or binds
 * anything, and leave every file of the directory as it was.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Size and modification time of every file under `dir`. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const s = statSync(file);
    files[path.relative(dir, file)] = `${s.size}@${s.mtimeMs}`;
  }
  return files;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.on('connect', () => resolve(true) || socket.destroy());
    socket.on('error', () => resolve(false));
  });

// The embedded database's own behaviour (DATABASE_URL is emptied): the PGlite ring runs it; the
// PostgreSQL ring, which runs beside it (scripts/test.mjs), would only repeat it on the same ports and files.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a second opener of a held data directory', () => {
  it('db:migrate and the server stop with the clear message, bind nothing and change no file', async () => {
    const holder = await createDb({ dataDir });
    try {
      await holder.db.execute(sql`create table held (n int)`);
      const before = snapshot(dataDir);
      const port = 3600 + Math.floor(Math.random() * 100);
      const [migrate, server] = await Promise.all([
        run(['packages/db/src/cli/migrate.ts'], {}),
        run(['apps/server/src/main.ts'], { PORT: String(port), WEB_DIST: '/nonexistent' }),
      ]);
      for (const { code, out } of [migrate, server]) {
        expect(code).toBe(1);
        expect(out).toContain(`The data directory ${dataDir} is in use by another process (pid ${process.pid})`);
        expect(out).not.toMatch(/^\s+at /m); // a message, not a stack trace
      }
      expect(await portOpen(port)).toBe(false);
      expect(snapshot(dataDir)).toEqual(before);
      // The holder still works.
      await holder.db.execute(sql`insert into held values (1)`);
    } finally {
      await holder.close();
    }
  }, 120_000);
});
