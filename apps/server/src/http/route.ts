import { type Access, canAccess, type Endpoint } from '@cab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from './auth.ts';
import { notAuthenticated, permissionDenied } from './errors.ts';

type Out<T> = z.output<Extract<T, z.ZodType>>;

export interface RouteContext<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user; null only on public endpoints. */
  user: E['access'] extends 'public' ? AuthUser | null : AuthUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<z.input<E['response']>>;

export interface RouteOptions {
  /** Largest accepted body in bytes (Fastify's default is 1 MiB). */
  bodyLimit?: number;
}

/** 401 when an endpoint needs a user and there is none, 403 when the user's role may not call it. */
export function authorize(access: Access, user: AuthUser | null): void {
  if (access === 'public') return;
  if (!user) throw notAuthenticated();
  if (!canAccess(access, user.role)) throw permissionDenied();
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
    preHandler: async (req) => authorize(e.access, req.user),
    handler: async (req, reply) => {
      const result = await handler({
        params: req.params as Out<E['params']>,
        query: req.query as Out<E['query']>,
        body: req.body as Out<E['body']>,
        user: req.user as RouteContext<E>['user'],
        req,
        reply,
      });
      reply.code(status);
      return result;
    },
  });
}
