import type { KnipConfig } from 'knip';

/**
 * Dead code held out (issue 28): `npm run knip` (part of `npm run lint`) fails on an unused file,
 * export, exported type or dependency. Entries are what a command, a config or a test runs; every
 * other file must be reached from one. Tests count as users: an export only a test imports stays.
 */
const config: KnipConfig = {
  // Vitest's projects live in the root config and name every workspace's tests; listed per workspace below.
  vitest: false,
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs', 'vitest.config.ts'],
      project: ['scripts/*.mjs', '*.ts'],
      // Run from the root scripts (db:generate) and the duplicate budget; installed in packages/db and the root.
      ignoreBinaries: ['drizzle-kit'],
      // scripts/dup-budget.mjs runs jscpd by resolving its bin file; the API tests import smtp-server (types here).
      ignoreDependencies: ['jscpd', '@types/smtp-server'],
    },
    'apps/server': {
      // setup-network-guard.ts: the API project's setupFiles in the root vitest.config.ts.
      // main.ts, seed/cli.ts and build.mjs come from the root scripts; preflight.ts is run as its built copy.
      entry: ['src/preflight.ts', 'test/**/*.test.ts', 'test/setup-network-guard.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      // main.tsx (through index.html) and vite.config.ts come from the Vite plugin.
      entry: ['src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}'],
    },
    'packages/shared': {
      // Internal packages: an export of their public surface that no workspace imports is dead too.
      includeEntryExports: true,
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'packages/db': {
      includeEntryExports: true,
      // drizzle.config.ts comes from the Drizzle plugin.
      entry: ['src/cli/*.ts', 'src/**/*.test.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    e2e: {
      // The Playwright plugin would load playwright.config.ts, which throws without Chromium installed.
      playwright: false,
      // playwright.config.ts comes from the root script test:e2e; the reporter is named by a path in it.
      entry: ['failure-context-reporter.ts', 'specs/**/*.spec.ts'],
      project: ['**/*.ts'],
      ignoreBinaries: ['openssl'],
    },
    bench: {
      entry: ['*.{mjs,mts}', '!lib.mjs'],
      project: ['*.{mjs,mts}'],
      // The benches run inside the monorepo on the server's and the database package's copies.
      ignoreDependencies: ['pg', 'drizzle-orm', 'fastify'],
      ignoreBinaries: ['pgbench'],
    },
  },
};

export default config;
