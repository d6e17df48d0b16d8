import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set at the first SIGTERM/SIGINT: readiness answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
  }
}

export interface ShutdownPlan {
  app: FastifyInstance;
  /** Background work (the job runner): its runs stop between items and are awaited. */
  background: { stop(): Promise<void> }[];
  /** Closes the database: last, after every request and job has ended. */
  closeDatabase(): Promise<void>;
  /** Readiness 503 while connections are still accepted (the load balancer's notice). */
  drainMs: number;
  /** In-flight requests get this long to finish; then their connections are closed. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The graceful stop (docs/deploy.md): readiness 503 at once; after `drainMs` no new connection is
 * accepted, while requests in flight finish (answers on kept-alive connections say
 * `Connection: close`) for up to `timeoutMs`; background work stops between items; the
 * database closes last.
 */
export async function gracefulShutdown(plan: ShutdownPlan): Promise<void> {
  const { app, drainMs, timeoutMs } = plan;
  app.lifecycle.shuttingDown = true;
  if (drainMs > 0) await sleep(drainMs);
  const stoppingBackground = Promise.allSettled(plan.background.map((b) => b.stop()));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), timeoutMs);
  });
  const closed = app.close().then(() => 'closed' as const);
  if ((await Promise.race([closed, timedOut])) === 'timeout') {
    app.log.warn({ timeoutMs }, 'requests still running at the shutdown timeout: closing their connections');
    app.server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
  await stoppingBackground;
  await plan.closeDatabase();
}
