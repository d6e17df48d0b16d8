import type { z } from 'zod';
import type { Access } from '../auth/roles.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
> {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  tags: string[];
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
}

export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return e;
}

/** Fills ':name' segments of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
