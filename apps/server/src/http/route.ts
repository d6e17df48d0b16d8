import { canAccess, type Endpoint, ERROR_CODES, MSG } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Ctx, PublicCtx } from '../kit/context.ts';
import { JsonText } from '../kit/json-rows.ts';
import type { AuthUser } from './auth.ts';
import { AppError, badRequest, notAuthenticated, permissionDenied } from './errors.ts';
import { compileSerializer } from './serialize.ts';

type Out<T> = z.output<Extract<T, z.ZodType>>;

export interface RouteInput<E extends Endpoint> {
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
export function authorize(e: Pick<Endpoint, 'access' | 'allowedDuringPasswordReset'>, user: AuthUser | null): void {
  if (e.access === 'public') return;
  if (!user) throw notAuthenticated();
  if (user.mustChangePassword && !e.allowedDuringPasswordReset) {
    throw new AppError(403, ERROR_CODES.passwordChangeRequired, MSG.passwordChangeRequired);
  }
  if (!canAccess(e.access, user.role)) throw permissionDenied();
}

/** Paths of the strings in a parsed request part that contain a NUL byte (PostgreSQL text cannot hold one). */
export function nulFields(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at || '_'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulFields(v, at ? `${at}.${i}` : String(i)));
  // Parsed JSON and query strings (whose objects may have no Object prototype); not buffers or streams.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !('pipe' in value)) {
    return Object.entries(value as object).flatMap(([k, v]) => nulFields(v, at ? `${at}.${k}` : k));
  }
  return [];
}

function refuseNul(req: FastifyRequest): void {
  const fields = [...nulFields(req.params), ...nulFields(req.query), ...nulFields(req.body)];
  if (fields.length === 0) return;
  throw badRequest(
    ERROR_CODES.validation,
    MSG.validationFailed,
    Object.fromEntries(fields.map((f) => [f, [MSG.textHasNul]])),
  );
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
      summary: e.summary,
      tags: e.tags,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [status]: e.response },
      ...(e.access === 'public' ? {} : { security: [{ token: [] }] }),
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
    preValidation: (req, _reply, done) => {
      try {
        noBodyAsEmptyObject(e, req);
        refuseNul(req);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    handler: async (req, reply) => {
      const result = await handler({
        ctx: contextOf(req) as RouteInput<E>['ctx'],
        params: req.params as Out<E['params']>,
        query: req.query as Out<E['query']>,
        body: req.body as Out<E['body']>,
        req,
        reply,
      });
      reply.code(status);
      // Already JSON (kit/json-rows.ts): sent as written, past the serializer.
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return result;
    },
  });
}
