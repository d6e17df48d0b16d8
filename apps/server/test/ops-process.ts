import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Ports of this file family's servers: E2E_PORT (3606 for this branch's helper) and the next few. */
export const basePort = Number(process.env.OPS_TEST_PORT || 3606);

export interface RunningServer {
  child: ChildProcess;
  port: number;
  base: string;
  out: () => string;
  err: () => string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * `node --import tsx apps/server/src/main.ts` with PORT and `env`; resolves once it prints its
 * ready line, rejects if it exits first (with what it printed).
 */
export function startServer(port: number, env: Record<string, string | undefined>, timeoutMs = 120_000) {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      TEST_DATABASE_URL: undefined,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const server: RunningServer = {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    out: () => out,
    err: () => err,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise<RunningServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server on ${port} not ready in ${timeoutMs} ms: ${out}${err}`));
    }, timeoutMs);
    child.stdout!.on('data', () => {
      if (out.includes('ready on')) {
        clearTimeout(timer);
        resolve(server);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}${err}`));
    });
  });
}

/** Runs main.ts expecting it to stop at start-up: its exit code and what it printed. */
export async function startExpectingFailure(env: Record<string, string | undefined>, port = basePort) {
  try {
    const s = await startServer(port, env, 120_000);
    await s.stop();
    throw new Error('the server started');
  } catch (e) {
    const m = /^server exited with (\S+): ([\s\S]*)$/.exec((e as Error).message);
    if (!m) throw e;
    return { code: Number(m[1]), output: m[2]! };
  }
}

/** Signs in a demo account on a running server; its Authorization header. */
export async function signIn(base: string, email = 'admin@demo.test', password = 'Demo1234!') {
  const res = await fetch(`${base}/api/users/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return `Token ${((await res.json()) as { token: string }).token}`;
}

/** A mail the test SMTP server received: its Message-ID header and first recipient. */
export interface CaughtMail {
  messageId: string;
  to: string;
}

/**
 * An SMTP server on a free local port that catches what the servers under test send. `onMail`
 * answers whether to accept the mail (250); a mail it refuses is received but never answered, so
 * its sender waits (a test kills it then). A server the test kills drops its connections
 * (ECONNRESET): the 'error' listener keeps that from failing the run as an uncaught exception.
 */
export async function startSmtpCatcher(onMail: (mail: CaughtMail) => boolean) {
  const { SMTPServer } = await import('smtp-server');
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const mail = {
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '',
          to: session.envelope.rcptTo[0]!.address,
        };
        if (onMail(mail)) callback();
      });
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** A new, empty PostgreSQL database `name` beside `pgUrl`'s (dropped first if left over): its URL. */
export async function freshPgDatabase(pgUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits until `job` has finished `rounds` more runs on whichever server runs it (its `jobs` row's
 * last_finished_at moved that many times): "nothing more happens" is checked after the runs that
 * would have done it, not after a number of seconds.
 */
export async function laterRuns(databaseUrl: string, job: string, rounds: number, timeoutMs = 60_000): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const finished = async () =>
      String((await c.query('select last_finished_at from jobs where name = $1', [job])).rows[0]?.last_finished_at);
    const deadline = Date.now() + timeoutMs;
    for (let round = 0; round < rounds; round++) {
      const seen = await finished();
      while ((await finished()) === seen) {
        if (Date.now() > deadline) throw new Error(`${job} did not run ${rounds} more times`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await c.end();
  }
}
