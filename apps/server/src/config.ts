import path from 'node:path';

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
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got "${value}"`);
  return n;
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
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    appEnv,
    isTestEnvironment: appEnv === 'test' || appEnv === 'staging',
    version: env.APP_VERSION || '0.1.0',
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3000)}`).replace(/\/+$/, ''),
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
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024),
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT_PER_MINUTE, 10),
    clientLogRateLimitPerMinute: int(env.CLIENT_LOG_RATE_LIMIT_PER_MINUTE, 60),
    orderWriteRateLimitPerMinute: int(env.ORDER_WRITE_RATE_LIMIT_PER_MINUTE, 120),
    webDist: path.resolve(env.WEB_DIST || path.join(ROOT, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || (appEnv === 'test' ? 'warn' : 'info'),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: trustProxy(env.TRUST_PROXY),
    httpsOnly: env.HTTPS_ONLY === 'true',
  };
}
