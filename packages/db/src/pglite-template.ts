import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a copy of a migrated empty one (issue 28: a newcomer's first
 * start). PGlite's initdb and the migrations take seconds on every new data folder and write the
 * same files each time, so the first new folder is made as before and its files are kept
 * (dumpDataDir) under node_modules/.cache, named by the PGlite version and a hash of the
 * migrations; a later new folder unpacks them. The migrations still run on the copy (nothing to
 * apply), so a copy that is behind would be brought up to date, not trusted.
 */

/** A hash of every migration file: a new migration names a new copy. */
export function migrationsHash(migrationsDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

/** Another PGlite may write other files: its version is in the copy's name. */
function pgliteVersion(): string {
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(path.join(path.dirname(main), '../package.json'), 'utf8')).version;
}

/** Where the copies are kept: the repository's node_modules/.cache (migrations are at packages/db/migrations). */
const templatesDir = (migrationsDir: string) => path.resolve(migrationsDir, '../../../node_modules/.cache/cab-pglite');

const templateFile = (migrationsDir: string) =>
  path.join(templatesDir(migrationsDir), `migrated-${pgliteVersion()}-${migrationsHash(migrationsDir)}.tar`);

/** Whether `pgdata` holds no database yet (PGlite would run initdb). */
export const isNewPgdata = (pgdata: string) => !existsSync(path.join(pgdata, 'PG_VERSION'));

/** The kept copy for these migrations, if there is one. */
export function migratedTemplate(migrationsDir: string): Blob | undefined {
  const file = templateFile(migrationsDir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Keeps the files of a just-migrated empty database for the next new folder, replacing copies of
 * older migrations. Best effort: a folder that cannot be written costs the next start its initdb.
 */
export async function keepMigratedTemplate(client: PGlite, migrationsDir: string): Promise<void> {
  try {
    const file = templateFile(migrationsDir);
    // Everything on disk, so the copy needs no recovery when it is unpacked.
    await client.exec('checkpoint');
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir)) {
      if (old.endsWith('.tar') && old !== path.basename(file)) rmSync(path.join(dir, old), { force: true });
    }
    // Written whole, then renamed: a start beside it never reads half a copy.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  } catch (err) {
    console.warn(`pglite: the migrated copy for new data folders was not kept: ${(err as Error).message}`);
  }
}
