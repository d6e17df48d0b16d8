import { DataDirInUseError, MigrationsAheadError } from '@cab/db';
import { ConfigError } from './config.ts';

/** Network errors that mean "the database is not there" (node-postgres, DNS). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * The one line a start-up failure prints instead of a stack trace, or undefined for an error this
 * does not know (a bug, printed whole). Checked by ops-startup.test.ts.
 */
function startupFailure(err: unknown, databaseLocation: string): string | undefined {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof MigrationsAheadError) {
    return err.message;
  }
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const code = e?.code ?? e?.errors?.[0]?.code;
  if (code && UNREACHABLE.has(code)) {
    return `Cannot reach the database at ${databaseLocation} (${code}): check DATABASE_URL and that PostgreSQL is running.`;
  }
  // PostgreSQL refused us: wrong password (28P01), no such role (28000) or database (3D000).
  if (code === '28P01' || code === '28000' || code === '3D000') {
    return `The database at ${databaseLocation} refused the connection: ${e?.message} (check DATABASE_URL).`;
  }
  return undefined;
}

/** Prints the one line of a known start-up failure and exits 1; rethrows anything else. */
export function exitOnStartupFailure(err: unknown, databaseLocation: string): never {
  const line = startupFailure(err, databaseLocation);
  if (line === undefined) throw err;
  console.error(line);
  process.exit(1);
}
