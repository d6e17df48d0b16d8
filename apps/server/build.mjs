#!/usr/bin/env node
/**
 * Compiles the server into one ES module, apps/server/dist/main.js (and preflight.js), so `npm start` runs plain
 * JavaScript instead of transpiling TypeScript at every start. The workspace packages
 * (@cab/shared, @cab/db: TypeScript sources) are bundled in; every npm package stays external
 * and is loaded from node_modules. Skips the build when no input changed since the last one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(import.meta.dirname, 'dist');
const OUT = path.join(OUT_DIR, 'main.js');
const STAMP = path.join(import.meta.dirname, 'dist/.inputs');
const INPUTS = [
  'apps/server/src',
  'packages/shared/src',
  'packages/db/src',
  'apps/server/build.mjs',
  'package-lock.json',
];

/** A digest of every input file's path, size and modification time. */
function inputsDigest() {
  const hash = createHash('sha256');
  const add = (file) => {
    const s = statSync(file);
    if (s.isDirectory()) for (const name of readdirSync(file).sort()) add(path.join(file, name));
    else hash.update(`${path.relative(ROOT, file)}:${s.size}:${s.mtimeMs}\n`);
  };
  for (const input of INPUTS) add(path.join(ROOT, input));
  return hash.digest('hex');
}

const digest = inputsDigest();
if (
  existsSync(OUT) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8') === digest &&
  !process.argv.includes('--force')
) {
  console.log('server build is up to date (apps/server/dist)');
} else {
  const started = performance.now();
  await build({
    // preflight: `npm start`'s data-dir check before the web build.
    entryPoints: ['main', 'preflight'].map((name) => path.join(import.meta.dirname, `src/${name}.ts`)),
    outdir: OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Migrations stay files in packages/db; the bundle finds them from its own folder.
    define: { __MIGRATIONS_FROM_BUNDLE__: JSON.stringify('../../../packages/db/migrations') },
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@cab/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  writeFileSync(STAMP, digest);
  console.log(`server built in ${Math.round(performance.now() - started)} ms (apps/server/dist/main.js)`);
}
