#!/usr/bin/env node
/**
 * Compiles the server into one ES module, apps/server/dist/main.js (and preflight.js), so `npm start` runs plain
 * JavaScript instead of transpiling TypeScript at every start. The workspace packages
 * (@cab/shared, @cab/db: TypeScript sources) are bundled in; every npm package stays external
 * and is loaded from node_modules. Skips the build when no input changed since the last one.
 */
import path from 'node:path';
import { inputsDigest, upToDate, writeStamp } from '../../scripts/build-stamp.mjs';

const OUT_DIR = path.join(import.meta.dirname, 'dist');
const OUT = path.join(OUT_DIR, 'main.js');
const STAMP = path.join(import.meta.dirname, 'dist/.inputs');
const INPUTS = [
  'apps/server/src',
  'packages/shared/src',
  'packages/db/src',
  'apps/server/build.mjs',
  'scripts/build-stamp.mjs',
  'package-lock.json',
];

const digest = inputsDigest(INPUTS);
if (upToDate({ stamp: STAMP, output: OUT, digest })) {
  console.log('server build is up to date (apps/server/dist)');
} else {
  const started = performance.now();
  // Loaded only to build: an up-to-date check stays a few milliseconds.
  const { build } = await import('esbuild');
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
  writeStamp(STAMP, digest);
  console.log(`server built in ${Math.round(performance.now() - started)} ms (apps/server/dist/main.js)`);
}
