import type { Executor } from '@cab/db';
import { dayIn, type Role } from '@cab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { FileStorage } from '../storage/index.ts';

/**
 * Who is calling: the signed-in user as the authentication hook (modules/auth/authenticate.ts)
 * found it from the request's token. Defined here, under http/ and the modules, so both can name it.
 */
export interface Actor {
  id: number;
  email: string;
  role: Role | null;
  companyId: number | null;
  tokenId: number;
  /** require_password_reset: until it is cleared, the token reaches only the exempt endpoints (route.ts). */
  mustChangePassword: boolean;
}

/** Work that may run only once the surrounding transaction has committed. */
export type AfterCommitWork = () => unknown;

/**
 * What every service function receives first (docs/decisions/0010-request-context.md): built
 * once per request by `route()`, or by `systemContext()` for background work.
 */
export interface RequestContext {
  /** The database, or inside `transaction()` the open transaction. */
  db: Executor;
  config: Config;
  storage: FileStorage;
  /** The signed-in user; null on a public call without a token and for system work. */
  actor: Actor | null;
  /** The request's id (x-request-id, the log line's id); null for system work. */
  requestId: string | null;
  log: FastifyBaseLogger;
  /** Present only inside `transaction()`: the work `afterCommit()` queued. */
  readonly pendingAfterCommit?: AfterCommitWork[];
  /**
   * When the work happens, for system work that replays a history (the demo seed): the audit
   * trail records this time. Absent (every request): the database's now().
   */
  readonly at?: Date;
}

/** The work's clock: `at` when system work replays a history (the demo seed), else now. */
export const nowOf = (ctx: { readonly at?: Date }) => ctx.at ?? new Date();
/** The shop's day (YYYY-MM-DD) on the work's clock; days themselves are packages/shared dates.ts. */
export const todayOf = (ctx: { readonly at?: Date }) => dayIn(nowOf(ctx));

/** The context of an endpoint that needs a signed-in user. */
export type Ctx = RequestContext & { actor: Actor };
/** The context of a public endpoint (a token may still be present). */
export type PublicCtx = RequestContext;

/** A context for work no request started (outbox worker, scripts): no actor. */
export function systemContext(deps: AppDeps, log: FastifyBaseLogger): RequestContext {
  return { db: deps.db, config: deps.config, storage: deps.storage, actor: null, requestId: null, log };
}
