import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Embedded PGlite answers synchronously, so every ready request ran start to finish in one turn
 * of the event loop, and new connections are accepted only between turns: under load from open
 * connections a person opening the app waited until the load stopped. One request is admitted
 * per turn (packages/db/src/pglite-queue.ts), so a newcomer is served among the others.
 */
let t: TestApp;
let port: number;
/** /test/busy requests served so far. */
let served = 0;
beforeAll(async () => {
  t = await setupTestApp({}, (app) => {
    // A request whose database work is CPU work in this process (PGlite): a few milliseconds.
    app.get('/test/busy', async () => {
      served++;
      await app.deps.db.execute(sql`select count(*) from generate_series(1, 20000)`);
      return { ok: true };
    });
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** 48 open connections, each asking again the moment it is answered, for `ms` (autocannon, another process). */
function load(ms: number) {
  const script = `
    const autocannon = require('autocannon');
    autocannon({ url: 'http://127.0.0.1:${port}/test/busy', connections: 48, duration: ${ms / 1000} }, () => {});
    process.stdout.write('started');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const started = new Promise<void>((r) =>
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('started')) r();
    }),
  );
  const done = new Promise<number>((r) => child.on('exit', () => r(performance.now())));
  return { started, done };
}

/** One request on a new connection; resolves with the time it was answered. */
const freshRequest = () =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/test/busy', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now()));
      })
      .on('error', reject);
  });

describe('serving under steady load', () => {
  it('answers a new connection while the open ones keep the server busy', async () => {
    const { started, done } = load(4000);
    await started;
    // The load is on: its connections are open and being answered, each asking again at once.
    await vi.waitFor(() => expect(served).toBeGreaterThan(0), { timeout: 20_000 });
    const answered = await freshRequest();
    expect(answered).toBeLessThan(await done);
  }, 30_000);
});
