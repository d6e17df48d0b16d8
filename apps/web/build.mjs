#!/usr/bin/env node
/**
 * Builds the web app into apps/web/dist (`vite build`, vite.config.ts) unless no input changed
 * since the last build, as apps/server/build.mjs does for the server: `npm start` runs this, so a
 * start with unchanged sources does not rebuild (and precompress) the app. `--force` builds anyway.
 */
import path from 'node:path';
import { inputsDigest, upToDate, writeStamp } from '../../scripts/build-stamp.mjs';

const DIST = path.join(import.meta.dirname, 'dist');
// Written after the build: vite empties dist first, so a build stopped halfway leaves no stamp.
const STAMP = path.join(DIST, '.inputs');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/build.mjs',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'scripts/build-stamp.mjs',
  'package-lock.json',
];

const digest = inputsDigest(INPUTS);
if (upToDate({ stamp: STAMP, output: path.join(DIST, 'index.html'), digest })) {
  console.log('web build is up to date (apps/web/dist)');
} else {
  // Loaded only to build: an up-to-date check stays a few milliseconds.
  const { build } = await import('vite');
  await build({ root: import.meta.dirname });
  writeStamp(STAMP, digest);
}
