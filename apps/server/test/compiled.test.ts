import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@cab/db';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` runs the compiled bundle (apps/server/build.mjs), not the TypeScript sources. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-compiled-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' };

function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c) => {
      out += c;
      if (out.includes('ready on')) resolve(child);
    });
    child.stderr?.on('data', (c) => (out += c));
    child.on('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)));
  });
}

// The embedded database's own behaviour (DATABASE_URL is emptied): the PGlite ring runs it; the
// PostgreSQL ring, which runs beside it (scripts/test.mjs), would only repeat it on the same ports and files.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('compiled server', () => {
  it('builds, migrates and seeds a fresh data folder, answers, and stops cleanly', async () => {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: ROOT, stdio: 'pipe' });
    const port = 3800 + Math.floor(Math.random() * 100);
    const server = await start(port);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/users/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
      });
      expect(res.status).toBe(200);
    } finally {
      server.removeAllListeners('exit');
      const code = await new Promise((resolve) => {
        server.on('exit', resolve);
        server.kill('SIGTERM');
      });
      expect(code).toBe(0);
    }
  }, 120_000);

  it("npm start's preflight stops with the data-dir message while a server holds the folder", async () => {
    const holder = await createDb({ dataDir, migrate: false });
    try {
      let failure: { status: number; stderr: string } | undefined;
      try {
        execFileSync(process.execPath, ['apps/server/dist/preflight.js'], { cwd: ROOT, env, stdio: 'pipe' });
      } catch (err) {
        failure = { status: (err as { status: number }).status, stderr: String((err as { stderr: Buffer }).stderr) };
      }
      expect(failure?.status).toBe(1);
      expect(failure?.stderr).toContain(
        `The data directory ${dataDir} is in use by another process (pid ${process.pid})`,
      );
    } finally {
      await holder.close();
    }
    // Free again: the preflight passes.
    execFileSync(process.execPath, ['apps/server/dist/preflight.js'], { cwd: ROOT, env, stdio: 'pipe' });
  }, 60_000);
});
