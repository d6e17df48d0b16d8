import type { z } from 'zod';
import { type Access, ROLE_GROUPS } from '../auth/roles.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint declares besides who may call it: method, path and its wire shapes. */
interface EndpointShape<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer (default 200). */
  status?: number;
  /**
   * Callable by a user who must change the password (require_password_reset); every other
   * authenticated endpoint answers 403 password_change_required until the password is changed.
   */
  allowedDuringPasswordReset?: boolean;
  /**
   * The API document's name for a contract served at a second path (`{ ...e, path, operationId }`);
   * a contract of API_CONTRACTS is named from its key there (contracts.ts).
   */
  operationId?: string;
}

/**
 * One endpoint: method, path, who may call it, and its wire shapes. The server registers
 * routes only from contracts, so an endpoint without an `access` declaration cannot compile;
 * the web client calls endpoints through the same objects.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends EndpointShape<P, Q, B, R> {
  access: Access;
  tags: string[];
}

type EndpointFor = <P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: EndpointShape<P, Q, B, R> & { tags?: string[] },
) => Endpoint<P, Q, B, R>;

/** Who may call an endpoint, by ROLE_GROUPS' names, plus anyone and any signed-in user. */
type CallerGroup = keyof typeof ROLE_GROUPS | 'anyone' | 'signedIn';

/**
 * A feature's endpoints, each declared through who may call it: `api.shop({ method, path, ... })`
 * is an endpoint with `access: ROLE_GROUPS.shop` and the feature's tags (an endpoint may name
 * its own tags). The access is still on every endpoint, written once as the builder's name.
 */
export function endpointsFor(tags: string[]): Record<CallerGroup, EndpointFor> {
  const callableBy =
    (access: Access): EndpointFor =>
    (e) => ({ access, tags, ...e });
  const groups = Object.entries(ROLE_GROUPS).map(([name, roles]) => [name, callableBy(roles)] as const);
  return {
    ...(Object.fromEntries(groups) as Record<keyof typeof ROLE_GROUPS, EndpointFor>),
    anyone: callableBy('public'),
    signedIn: callableBy('authenticated'),
  };
}

/** Fills ':name' segments of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
