/**
 * Whether a build is up to date, for the builds `npm start` runs (apps/server/build.mjs,
 * apps/web/build.mjs): a digest of every input file's path, size and modification time, kept in
 * a stamp file beside the output. A changed, added or removed input changes the digest.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The digest of `inputs` (files or folders, relative to the repository root). */
export function inputsDigest(inputs) {
  const hash = createHash('sha256');
  const add = (file) => {
    if (!existsSync(file)) return void hash.update(`${path.relative(ROOT, file)}:absent\n`);
    const s = statSync(file);
    if (s.isDirectory()) for (const name of readdirSync(file).sort()) add(path.join(file, name));
    else hash.update(`${path.relative(ROOT, file)}:${s.size}:${s.mtimeMs}\n`);
  };
  for (const input of inputs) add(path.join(ROOT, input));
  return hash.digest('hex');
}

/** True when `output` exists and `stamp` holds `digest` (and the command was not given --force). */
export function upToDate({ stamp, output, digest }) {
  return (
    existsSync(output) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === digest &&
    !process.argv.includes('--force')
  );
}

export const writeStamp = (stamp, digest) => writeFileSync(stamp, digest);
