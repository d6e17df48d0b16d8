import type { Db } from '@cab/db';
import type { Config } from './config.ts';
import type { FileStorage } from './storage/index.ts';

/** What the server is built from: the same for every request (docs/architecture.md). */
export interface AppDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by buildApp; `route()` builds each request's context from it. */
    deps: AppDeps;
  }
}
