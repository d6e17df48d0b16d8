import { canAccess, type Endpoint, ERROR_CODES, MSG, REQUEST_LIMITS, unstorableText } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor, Ctx, PublicCtx } from '../kit/context.ts';
import { AppError, badRequest, fieldErrors, notAuthenticated, permissionDenied } from '../kit/errors.ts';
import { JsonText } from '../kit/json-rows.ts';
import { operationIdOf } from './openapi.ts';
import { compileSerializer } from './serialize.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook (modules/auth/authenticate.ts); null without a valid token. */
    user: Actor | null;
  }
  interface FastifyContextConfig {
    access?: import('@cab/shared').Access;
  }
}

type Out<T> = z.output<Extract<T, z.ZodType>>;

interface RouteInput<E extends Endpoint> {
  /** The request context every service takes first (kit/context.ts). */
  ctx: E['access'] extends 'public' ? PublicCtx : Ctx;
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<z.input<E['response']> | JsonText<z.input<E['response']>>>;

export interface RouteOptions {
  /** Largest accepted body in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * Serialize the answer with a serializer compiled from the contract's response schema
   * (http/serialize.ts) instead of zod's encode + JSON.stringify: for hot endpoints whose answer
   * is many plain rows. The answer is not re-validated; a test compares the two outputs.
   */
  fastSerialize?: boolean;
}

/**
 * 401 when an endpoint needs a user and there is none; 403 when the user must change the password
 * first (SPEC 4, enforced here and not only in the web app) or when the user's role may not call it.
 */
function authorize(e: Pick<Endpoint, 'access' | 'allowedDuringPasswordReset'>, user: Actor | null): void {
  if (e.access === 'public') return;
  if (!user) throw notAuthenticated();
  if (user.mustChangePassword && !e.allowedDuringPasswordReset) {
    throw new AppError(403, ERROR_CODES.passwordChangeRequired, MSG.passwordChangeRequired);
  }
  if (!canAccess(e.access, user.role)) throw permissionDenied();
}

const tooDeep = (at: string) => {
  const message = MSG.jsonTooDeep(REQUEST_LIMITS.jsonDepth);
  return badRequest(ERROR_CODES.validation, message, { [at.split('.')[0] || '_']: [message] });
};

/**
 * The strings (and keys) of a parsed request part that PostgreSQL cannot store (a NUL, a lone
 * surrogate: unstorableText), by path, with why. Walked with a stack, not recursion, and refused
 * past REQUEST_LIMITS.jsonDepth levels: 6 KB of brackets once overflowed the call stack here.
 */
function unstorableFields(value: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const stack: [value: unknown, at: string, depth: number][] = [[value, '', 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [v, at, depth] = next;
    if (typeof v === 'string') {
      const problem = unstorableText(v);
      if (problem) found[at || '_'] = [problem];
      continue;
    }
    // Parsed JSON and query strings (whose objects may have no Object prototype); not buffers or streams.
    if (!v || typeof v !== 'object' || ArrayBuffer.isView(v) || 'pipe' in v) continue;
    if (depth >= REQUEST_LIMITS.jsonDepth) throw tooDeep(at);
    const entries = Object.entries(v as object);
    // Backwards, so the fields come out in the order the request has them.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i] as [string, unknown];
      const path = at ? `${at}.${k}` : k;
      const problem = unstorableText(k);
      if (problem) found[path] = [problem];
      else stack.push([child, path, depth + 1]);
    }
  }
  return found;
}

function refuseUnstorable(req: FastifyRequest): void {
  const fields = { ...unstorableFields(req.params), ...unstorableFields(req.query), ...unstorableFields(req.body) };
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);
}

/**
 * A call without a payload (approve, clone, logout, ...) may come with no body at all (Fastify's
 * body is then null), with `{}`, or with an empty body under `content-type: application/json`
 * (which Fastify's own JSON parser refuses): all three reach validation as `{}`
 * (noBodyAsEmptyObject), which a payload-less contract accepts and another answers with its fields.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    return parseJson(req, text, done);
  });
}

/**
 * No body, or an empty one (Fastify validates a missing body as null): read as `{}` for an
 * endpoint with a body schema, so a call without a payload validates as one sent `{}`, and one
 * that needs fields answers which.
 */
function noBodyAsEmptyObject(e: Endpoint, req: FastifyRequest): void {
  if (e.body && (req.body === null || req.body === undefined || req.body === '')) req.body = {};
}

/** The request context of one request, built from the app's dependencies. */
export function contextOf(req: FastifyRequest): PublicCtx {
  const { db, config, storage } = req.server.deps;
  return { db, config, storage, actor: req.user, requestId: req.id, log: req.log };
}

/**
 * Registers an endpoint from its shared contract. The contract's `access` is enforced before
 * the handler runs and recorded in the route config, where a test checks every /api route has one.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
) {
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    bodyLimit: options.bodyLimit,
    ...(options.fastSerialize ? { serializerCompiler: () => compileSerializer(e.response) } : {}),
    config: { access: e.access },
    schema: {
      operationId: operationIdOf(e),
      summary: e.summary,
      tags: e.tags,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [status]: e.response },
      security: e.access === 'public' ? [] : [{ token: [] }],
    },
    // Before the body is even read (after the app's onRequest has found the user): a caller who
    // may not call the endpoint learns nothing about its input, not even that it is not JSON.
    onRequest: (req, _reply, done) => {
      try {
        authorize(e, req.user);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    // An endpoint that takes no input (GET /api/users/me/) reads none: no hook to run.
    ...(e.params || e.query || e.body
      ? {
          preValidation: (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
            try {
              noBodyAsEmptyObject(e, req);
              refuseUnstorable(req);
              done();
            } catch (err) {
              done(err as Error);
            }
          },
        }
      : {}),
    handler: async (req, reply) => {
      const result = await handler({
        ctx: contextOf(req) as RouteInput<E>['ctx'],
        params: req.params as Out<E['params']>,
        query: req.query as Out<E['query']>,
        body: req.body as Out<E['body']>,
        req,
        reply,
      });
      // A handler may answer another status itself (a health check's 503); else the contract's.
      if (reply.statusCode === 200) reply.code(status);
      // Already JSON (kit/json-rows.ts): sent as written, past the serializer.
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return result;
    },
  });
}
