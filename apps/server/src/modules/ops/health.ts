import { appliedMigrations, knownMigrations, MIGRATIONS_DIR } from '@cab/db';
import type { Health } from '@cab/shared';
import type { AppDeps } from '../../deps.ts';

/** A readiness check waits at most this long for the database before it answers 503. */
const READY_DB_TIMEOUT_MS = 2000;

/** The migrations this build knows, read once. */
let known: number | undefined;

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Ready: not shutting down, the database answers, every migration this code knows is applied.
 * Two primary-key-sized queries (the migrations table's existence and its count), so a load
 * balancer may poll it every second.
 */
export async function readiness(deps: AppDeps, shuttingDown: boolean): Promise<Health> {
  if (shuttingDown) return { status: 'unavailable', checks: { shutdown: 'shutting_down' } };
  known ??= knownMigrations(MIGRATIONS_DIR).count;
  try {
    const applied = await withTimeout(appliedMigrations(deps.db), READY_DB_TIMEOUT_MS);
    if (applied.count < known) return { status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } };
    return { status: 'ok', checks: { database: 'ok', migrations: 'ok' } };
  } catch {
    return { status: 'unavailable', checks: { database: 'failed' } };
  }
}
