import path from 'node:path';
import { LIVE_EVENTS } from '@cab/shared';

/** Everything the server reads from the environment (README "Configuration" lists each). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appEnv: string;
  isTestEnvironment: boolean;
  version: string;
  smtpUrl: string | undefined;
  /** Address of the web app as users reach it; links in e-mails start with it. */
  publicUrl: string;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /**
   * Stripe (card and ACH payments). Without a secret key CARD and ACH answer 400
   * stripe_not_configured and everything else works. `apiBase`: another API address (the tests' fake).
   */
  stripe: {
    publishableKey: string;
    secretKey: string | undefined;
    webhookSecret?: string;
    apiBase?: string;
  };
  s3: {
    bucket: string | undefined;
    endpoint: string | undefined;
    region: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
  };
  /** Largest accepted uploaded file (image or CSV) in bytes. */
  uploadMaxBytes: number;
  /** Login attempts allowed per minute for one e-mail; an IP gets three times as many. */
  loginRateLimitPerMinute: number;
  /** Client log reports allowed per minute for one IP. */
  clientLogRateLimitPerMinute: number;
  /** Order writes (every call under /api/orders but GET) allowed per minute for one user; 0: no limit. */
  orderWriteRateLimitPerMinute: number;
  /** Built web app to serve; absent folder = API only. */
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /**
   * Which proxy may set X-Forwarded-For/-Proto: false (none, the default), true (any: only when
   * the server is reachable through the proxy alone), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** Send HSTS and upgrade-insecure-requests on every answer, not only on HTTPS requests. */
  httpsOnly: boolean;
  /** Bearer token of GET /metrics; unset: no metrics endpoint (404) and no per-request recording. */
  metricsToken: string | undefined;
  /** On SIGTERM/SIGINT: how long readiness answers 503 while new connections are still accepted. */
  shutdownDrainMs: number;
  /** Then: how long requests in flight may take before their connections are closed. */
  shutdownTimeoutMs: number;
  /**
   * A token unused this long no longer signs in (0: no idle limit). "Used" is refreshed at most
   * every five minutes, so the limit holds to within five minutes.
   */
  sessionIdleMs: number;
  /** A token this old no longer signs in, however busy (0: no limit). */
  sessionMaxMs: number;
  /** How often GET /api/events/ writes a comment line to keep proxies open (LIVE_EVENTS.heartbeatMs). */
  eventsHeartbeatMs: number;
  /**
   * How long a dashboard's figures are kept (decision 0056): an event that changes them makes them
   * drawn again at once; what changes without an event shows within this. 0: drawn every time (tests).
   */
  dashboardKeepMs: number;
}

/** A configuration value the server cannot run with; the message names the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n > max) {
    throw new ConfigError(name, `must be a whole number from 0 to ${max}, got "${value}"`);
  }
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const value = env[name] || undefined;
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `is not a URL (expected ${protocols.map((p) => `${p}//...`).join(' or ')})`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return value;
}

const DAY_MS = 24 * 60 * 60_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function oneOf(env: NodeJS.ProcessEnv, name: string, values: string[]): string | undefined {
  const value = env[name] || undefined;
  if (value !== undefined && !values.includes(value)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${value}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

function trustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const appEnv = env.APP_ENV || 'production';
  return {
    port: int(env, 'PORT', 3000, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, 'data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    appEnv,
    isTestEnvironment: appEnv === 'test' || appEnv === 'staging',
    version: env.APP_VERSION || '0.1.0',
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    publicUrl: (
      url(env, 'PUBLIC_URL', ['http:', 'https:']) || `http://localhost:${int(env, 'PORT', 3000, 65535)}`
    ).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM || 'Cabinetry Back-office <no-reply@localhost>',
    stripe: {
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || '',
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiBase: env.STRIPE_API_BASE || undefined,
    },
    s3: {
      bucket: env.S3_BUCKET || undefined,
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    },
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    loginRateLimitPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10),
    clientLogRateLimitPerMinute: int(env, 'CLIENT_LOG_RATE_LIMIT_PER_MINUTE', 60),
    orderWriteRateLimitPerMinute: int(env, 'ORDER_WRITE_RATE_LIMIT_PER_MINUTE', 120),
    webDist: path.resolve(env.WEB_DIST || path.join(ROOT, 'apps/web/dist')),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS) ?? (appEnv === 'test' ? 'warn' : 'info'),
    seedDemo: bool(env, 'SEED_DEMO', true),
    trustProxy: trustProxy(env.TRUST_PROXY),
    httpsOnly: bool(env, 'HTTPS_ONLY', false),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 3000, 600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 600_000),
    sessionIdleMs: int(env, 'SESSION_IDLE_DAYS', 30, 36_500) * DAY_MS,
    sessionMaxMs: int(env, 'SESSION_MAX_DAYS', 90, 36_500) * DAY_MS,
    eventsHeartbeatMs: Math.max(10, int(env, 'EVENTS_HEARTBEAT_MS', LIVE_EVENTS.heartbeatMs, 600_000)),
    dashboardKeepMs: int(env, 'DASHBOARD_KEEP_MS', appEnv === 'test' ? 0 : 3000, 60_000),
  };
}
