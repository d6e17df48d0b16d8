import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cab-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server process (main.ts) on the embedded database in `dataDir`. */
function start(port: number): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c) => {
      out += c;
      if (out.includes('ready on')) resolve(child);
    });
    child.stderr?.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`exited early (${code}): ${out}`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  child.removeAllListeners('exit');
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function login(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
  });
  return ((await res.json()) as { token: string }).token;
}

// The embedded database's own behaviour (DATABASE_URL is emptied): the PGlite ring runs it; the
// PostgreSQL ring, which runs beside it (scripts/test.mjs), would only repeat it on the same ports and files.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('server process', () => {
  it('starts on an empty data folder with demo data, stops cleanly on SIGTERM and SIGINT, and keeps its rows', async () => {
    const port = 3700 + Math.floor(Math.random() * 200);
    const first = await start(port);
    const token = await login(port);
    const patch = await fetch(`http://127.0.0.1:${port}/api/core/settings/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify({ lead_time: 42 }),
    });
    expect(patch.status).toBe(200);
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const second = await start(port);
    // The token and the setting written before the restart are still there.
    const res = await fetch(`http://127.0.0.1:${port}/api/core/settings/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { lead_time: number }).lead_time).toBe(42);
    expect(await stop(second, 'SIGINT')).toBe(0);
    // Two first starts with the whole demo (orders, production, invoices): slow on a busy 2-core machine.
  }, 150_000);
});
