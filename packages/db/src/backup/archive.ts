import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TableSummary } from './tables.ts';
import { readTarGz, type TarEntry, writeTarGz } from './tar.ts';

/** What a backup holds; `manifest.json` at the top of the archive. */
export interface Manifest {
  format: 'cabinetry-backup';
  version: 1;
  createdAt: string;
  /** `pglite`: `database.tar.gz` is PGlite's data directory; `postgres`: `database.pgdump` (pg_dump -Fc). */
  kind: 'pglite' | 'postgres';
  migrations: number;
  /** Row count and checksum of every table when the backup was taken (verified by db:restore). */
  tables: Record<string, TableSummary>;
  /** Files of the local upload store (DATA_DIR/uploads), under `uploads/` in the archive. */
  uploads: number;
}

export const DATABASE_ENTRY = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

/** Every file under `root`, as paths relative to it with `/`. */
export function filesUnder(root: string, at = ''): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, at));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const rel = at ? `${at}/${name}` : name;
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(root, rel) : [rel];
  });
}

export function writeArchive(file: string, manifest: Manifest, database: Buffer, uploadsDir: string | undefined) {
  const entries: TarEntry[] = [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    { name: DATABASE_ENTRY[manifest.kind], data: database },
  ];
  if (uploadsDir) {
    for (const rel of filesUnder(uploadsDir)) {
      entries.push({ name: `uploads/${rel}`, data: readFileSync(path.join(uploadsDir, rel)) });
    }
  }
  writeFileSync(file, writeTarGz(entries));
}

export function readArchive(file: string) {
  const entries = readTarGz(readFileSync(file));
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  if (!manifestEntry) throw new Error(`${file} is not a backup made by db:backup (no manifest.json)`);
  const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as Manifest;
  if (manifest.format !== 'cabinetry-backup') throw new Error(`${file} is not a backup made by db:backup`);
  const database = entries.find((e) => e.name === DATABASE_ENTRY[manifest.kind])?.data;
  if (!database) throw new Error(`${file} holds no database (${DATABASE_ENTRY[manifest.kind]})`);
  const uploads = entries.filter((e) => e.name.startsWith('uploads/'));
  return { manifest, database, uploads };
}

/** Writes the archive's uploads into `dir` (the local store), keeping their paths. */
export function restoreUploads(uploads: TarEntry[], dir: string) {
  for (const u of uploads) {
    const rel = u.name.slice('uploads/'.length);
    if (rel.split('/').some((part) => part === '..' || part === ''))
      throw new Error(`unsafe path in backup: ${u.name}`);
    const target = path.join(dir, ...rel.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, u.data);
  }
}
