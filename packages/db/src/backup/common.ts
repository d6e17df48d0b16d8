import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Manifest } from './archive.ts';
import type { TableSummary } from './tables.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The same places the server uses (apps/server/src/config.ts). */
export const backupEnv = () => ({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || path.join(ROOT, 'data')),
  s3Bucket: process.env.S3_BUCKET || undefined,
});

/** Stops with one line (no stack trace). */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Exits with a clear line when a PostgreSQL client tool is not installed. */
export function requireTool(tool: 'pg_dump' | 'pg_restore') {
  const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    fail(
      `${tool} was not found: install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt install postgresql-client; macOS: brew install libpq) and try again.`,
    );
  }
}

export function runTool(tool: string, args: string[]) {
  const run = spawnSync(tool, args, { encoding: 'utf8' });
  if (run.error) fail(`${tool} failed: ${run.error.message}`);
  if (run.status !== 0)
    fail(`${tool} failed (exit ${run.status}): ${run.stderr.trim().split('\n').slice(-3).join(' / ')}`);
}

/** Tables whose rows or checksum differ from the manifest's; empty when the restore is faithful. */
export function differences(expected: Manifest['tables'], actual: Record<string, TableSummary>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter(
    (n) => expected[n]?.rows !== actual[n]?.rows || expected[n]?.checksum !== actual[n]?.checksum,
  );
}

export const totalRows = (tables: Manifest['tables']) => Object.values(tables).reduce((sum, t) => sum + t.rows, 0);
