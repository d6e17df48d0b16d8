import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server (`npm run serve`) serving the built web app, on a
 * fresh data directory each run. Run with `npm run test:e2e` (builds the web app first).
 */
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\``);
}

const PORT = Number(process.env.E2E_PORT ?? 3555);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
// Made once in the runner; its workers inherit the variable instead of making their own.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cab-e2e-'));
process.env.E2E_DATA_DIR = DATA_DIR;

export default defineConfig({
  testDir: 'specs',
  // Runs on other ports (one per person or agent) keep their own artifacts: each run empties its folder.
  outputDir: path.join(REPO_ROOT, process.env.E2E_PORT ? `test-results-${PORT}` : 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [path.join(import.meta.dirname, 'failure-context-reporter.ts')],
    ...(process.env.CI
      ? [['html', { open: 'never', outputFolder: path.join(REPO_ROOT, 'playwright-report') }] as const]
      : []),
  ],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 860 },
    // The app honours prefers-reduced-motion (theme.ts): no transition to wait for or to paint.
    reducedMotion: 'reduce',
    // Recording a trace costs about a sixth of the suite's time; CI's log gets the page snapshot
    // (failure-context-reporter.ts). E2E_TRACE=on records one per failed test for local debugging.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm run serve',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/api/core/config/`,
    // Every test signs in through the form, and the workers share the demo users: higher login
    // and order-write rate limits keep the suite from tripping them.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      APP_ENV: 'test',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      ORDER_WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
