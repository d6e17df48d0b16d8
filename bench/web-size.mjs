/**
 * /login's JavaScript as a browser gets it: opens /login in Chromium (Playwright) against the
 * real server serving a built web app and counts every script response: requests, raw bytes,
 * gzip bytes (level 9, as the build precompresses) and the bytes the server actually sent.
 *
 *   node bench/web-size.mjs [dist]    (no dist: builds apps/web into a temp folder first)
 *   BENCH_PAGE=/ BENCH_AS=admin@demo.test node bench/web-size.mjs   (a signed-in first load of a
 *   page: the demo user's token is in the browser's storage before the page opens)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ROOT, startServer } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3790);
const PAGE = process.env.BENCH_PAGE ?? '/login';
const AS = process.env.BENCH_AS;
/** The demo accounts' password (README). */
const DEMO_PASSWORD = 'Demo1234!';

let dist = process.argv[2] ? path.resolve(process.argv[2]) : '';
if (!dist) {
  dist = mkdtempSync(path.join(tmpdir(), 'cab-web-size-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
}

const server = await startServer({ port: PORT, env: { WEB_DIST: dist } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  if (AS) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/users/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: AS, password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in ${AS}: ${res.status} ${await res.text()}`);
    const { token } = await res.json();
    // Where the app keeps its token (apps/web/src/lib/token.ts).
    await page.addInitScript((t) => window.localStorage.setItem('cab.token', t), token);
  }
  const scripts = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  if (AS) {
    // A signed-in page holds the live events stream open, so the network is never idle: wait for
    // the signed-in shell, then until no script has arrived for a second.
    await page.goto(`http://127.0.0.1:${PORT}${PAGE}`, { waitUntil: 'load' });
    await page.getByTestId('greeting').waitFor();
    for (let seen = -1; seen !== scripts.length; ) {
      seen = scripts.length;
      await page.waitForTimeout(1000);
    }
  } else {
    await page.goto(`http://127.0.0.1:${PORT}${PAGE}`, { waitUntil: 'networkidle' });
  }
  await page.getByRole('button').first().waitFor();

  let raw = 0;
  let gzip = 0;
  let sent = 0;
  for (const res of scripts) {
    const body = await res.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    const sizes = await res.request().sizes();
    sent += sizes.responseBodySize;
    if (process.env.BENCH_LIST) console.log(`  ${body.length}\t${res.url()}`);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${PAGE} JavaScript${AS ? ` signed in as ${AS}` : ''} (${dist})`);
  console.log(`  requests: ${scripts.length}`);
  console.log(`  raw:      ${kb(raw)}`);
  console.log(`  gzip:     ${kb(gzip)}`);
  console.log(`  sent:     ${kb(sent)} (as served, with the server's content-encoding)`);
} finally {
  await browser.close();
  await server.stop();
}
