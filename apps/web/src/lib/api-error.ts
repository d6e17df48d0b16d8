import type { ApiError } from '@cab/shared';

/**
 * The API client's error and its redirect hooks, apart from the client itself (api.ts): the
 * route guard, the query client and the login page need them, and this module loads no contract
 * or schema, so /login's first load stays without zod (decision 0064).
 */

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  readonly extra: Record<string, unknown>;
  transactionId: string | undefined;
  /** True when the common handling already showed something to the user. */
  handled = false;

  constructor(status: number, error: ApiError, transactionId?: string) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error.code;
    this.fields = error.fields ?? {};
    this.extra = error.extra ?? {};
    this.transactionId = transactionId;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export interface ApiHandlers {
  /** A 401: the token was already dropped; clear cached data and go to /login. */
  onUnauthorized: () => void;
  /** A 404 the caller did not handle: go to /404. */
  onNotFound: () => void;
}

let handlers: ApiHandlers = { onUnauthorized: () => {}, onNotFound: () => {} };

export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

/** The handlers the router connected (RootRoute); no-ops until then. */
export function apiHandlers(): ApiHandlers {
  return handlers;
}
