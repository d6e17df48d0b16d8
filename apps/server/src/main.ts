import { createDb } from '@cab/db';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { backgroundJobs } from './jobs.ts';
import { systemContext } from './kit/context.ts';
import { startJobRunner } from './kit/jobs/runner.ts';
import { forbidNetworkInTransactions } from './kit/network-guard.ts';
import { gracefulShutdown } from './modules/ops/index.ts';
import { seed } from './seed/index.ts';
import { exitOnStartupFailure } from './startup-errors.ts';

const startedAt = performance.now();
// A bad value, an unreachable database or a database newer than this code: one line, exit 1.
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err, '');
}
const dbLocation = config.databaseUrl?.replace(/:[^:@/]+@/, ':***@') ?? config.dataDir;
// The data directory's lock is taken before any migration or seed touches it: a second server
// or db:migrate beside a running one stops here with a clear message and changes nothing. A new
// data folder starts from the migrated copy the first one left (no initdb, no migration to apply).
const handle = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  migratedTemplate: true,
}).catch((err) => exitOnStartupFailure(err, dbLocation));
// Demo orders on a first start, except under APP_ENV=test: browser tests start without orders,
// but with the demo finance rules (a submit needs a payment option).
const { createdDemoUsers } = await seed(handle.db, {
  demo: config.seedDemo,
  demoFinance: config.seedDemo,
  demoOrders: config.seedDemo && config.appEnv !== 'test',
  config,
});
// The browser tests run the server under the house rule too (kit/network-guard.ts).
if (config.appEnv === 'test') forbidNetworkInTransactions();
const app = await buildApp({ db: handle.db, config, dbStats: handle.stats });
// Every piece of background work (jobs.ts: the outbox, the daily charges, the Stripe finisher) on
// one runner, which runs each job once across servers. Its work serves no request: a system
// context (no actor, no request id).
const jobs = startJobRunner(systemContext(app.deps, app.log), backgroundJobs());

let stopping = false;
async function shutdown(signal: string) {
  // Ctrl+C under npm delivers SIGINT twice (the terminal's and npm's): the second is ignored.
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await gracefulShutdown({
      app,
      background: [jobs],
      closeDatabase: () => handle.close(),
      drainMs: config.shutdownDrainMs,
      timeoutMs: config.shutdownTimeoutMs,
    });
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const ms = Math.round(performance.now() - startedAt);
const where = handle.kind === 'pglite' ? `embedded PGlite at ${handle.location}` : `PostgreSQL ${handle.location}`;
console.log(
  `Cabinetry back-office ready on http://localhost:${config.port} (${where}; ${createdDemoUsers ? `demo data loaded; ` : ''}started in ${ms} ms)`,
);
