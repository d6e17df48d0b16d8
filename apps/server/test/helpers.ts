import { type DbHandle, DEMO_PASSWORD, seed } from '@cab/db';
import { createTestDb } from '@cab/db/testing';
import type { Endpoint, Role } from '@cab/shared';
import { buildPath } from '@cab/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';

/** The seeded demo account of each role (packages/db/src/seed.ts). */
export const ROLE_EMAILS: Record<Role, string> = {
  ADMIN: 'admin@demo.test',
  STAFF: 'staff@demo.test',
  PERSONAL: 'personal@demo.test',
  BUSINESS_MANAGER: 'manager@demo.test',
  BUSINESS_EMPLOYEE: 'employee@demo.test',
};

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  /** Signs in a demo account and returns its token. */
  login(who: Role | string): Promise<string>;
  /** Calls an endpoint from its contract, optionally with a token. */
  call(
    endpoint: Endpoint,
    options?: {
      token?: string | null;
      params?: Record<string, string | number>;
      query?: Record<string, string>;
      body?: unknown;
    },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ APP_ENV: 'test', DATA_DIR: '/nonexistent', WEB_DIST: '/nonexistent' }),
    loginRateLimitPerMinute: 10_000,
    clientLogRateLimitPerMinute: 10_000,
    orderWriteRateLimitPerMinute: 10_000,
    ...overrides,
  };
}

/** A fresh database with the demo seed and an app on it, for one test file. */
export async function setupTestApp(
  configOverrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const handle = await createTestDb();
  await seed(handle.db);
  const app = await buildApp({ db: handle.db, config: testConfig(configOverrides), logger: false });
  beforeReady?.(app);
  await app.ready();

  const call: TestApp['call'] = async (endpoint, options = {}) => {
    const url = buildPath(endpoint.path, options.params);
    const res = await app.inject({
      method: endpoint.method,
      url,
      query: options.query,
      headers: options.token ? { authorization: `Token ${options.token}` } : {},
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {}
    return { status: res.statusCode, body, headers: res.headers };
  };

  const login = async (who: Role | string) => {
    const email = who.includes('@') ? who : ROLE_EMAILS[who as Role];
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload: { email, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };

  return {
    app,
    handle,
    login,
    call,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Rate limits count in fixed one-minute windows: wait until at least `needMs` remain in the
 * current one, so a burst of requests in a test lands in a single window.
 */
export async function startInsideRateWindow(needMs = 10_000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - needMs) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}

/** A logger that says nothing, for background work run outside an app (jobs, charges). */
export const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;
