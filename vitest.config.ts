import { defineConfig } from 'vitest/config';

/**
 * Two rings run by Vitest: unit (pure logic, no I/O) and api (Fastify inject against a real SQL
 * engine: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Browser tests are
 * Playwright's (e2e/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/test/**/*.test.ts'],
          environment: 'node',
          // No network call inside a database transaction (docs/conventions.md): held in every API test.
          setupFiles: ['apps/server/test/setup-network-guard.ts'],
          // Generous: a test that boots PGlite on disk twice took 31 s when CI ran it beside the
          // PostgreSQL suite on 2 cores (a timeout there is load, not a fault).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // PGlite is single-threaded WASM: two files at a time keeps both cores busy without thrashing.
          maxWorkers: 2,
          // Files of a worker share one import of the server (about 3 s a file, a third of the
          // ring): each file still builds its own app on its own database, and no module keeps
          // a database or app of its own.
          isolate: false,
        },
      },
    ],
  },
});
