import { type ApiError, apiErrorSchema, buildPath, coreApi, type Endpoint, MSG } from '@cab/shared';
import type { z } from 'zod';
import { showErrorDialog } from './errorDialogStore.ts';
import { getToken, setToken } from './token.ts';

/**
 * The one way the web app talks to the API: `call(endpoint, { params, query, body })`.
 * Error handling follows SPEC 8:
 *  - every API error is first logged through POST /api/core/log/warn/ (its transaction id is kept);
 *  - 400/403 with a code: popup (title = extra.title or the code, the message, an error icon;
 *    auto-closes after extra.timer ms without a button, else an OK button), unless
 *    extra.skip_common_handling or the caller asked to handle it;
 *  - 500: 'Internal Error' popup with the transaction id; 404: go to /404; 401: drop the token
 *    and go to /login.
 * The error is always thrown afterwards as an ApiRequestError so callers can react too.
 */

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Output<T> = T extends z.ZodType ? z.output<T> : never;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: Input<E['query']> | Record<string, QueryValue>;
  body?: Input<E['body']> | FormData;
  /** The caller handles every error itself: no popup, no redirect (the error is still logged). */
  skipCommonHandling?: boolean;
  /** A form submit: a 400 carrying `fields` is shown on the form fields instead of a popup. */
  form?: boolean;
  signal?: AbortSignal;
}

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

export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // SPEC 5: list queries drop empty values and empty lists.
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const LOG_PATHS = new Set([coreApi.logWarn.path, coreApi.logError.path]);
const LOG_TIMEOUT_MS = 3000;

async function logApiError(status: number, method: string, url: string, error: ApiError): Promise<string | undefined> {
  try {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), LOG_TIMEOUT_MS);
    const token = getToken();
    const response = await fetch(coreApi.logWarn.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
      body: JSON.stringify({
        type: 'api',
        code: error.code,
        data: { status, method, message: error.message, fields: error.fields, page: window.location.pathname },
        url,
      }),
      signal: controller.signal,
    });
    window.clearTimeout(timer);
    if (!response.ok) return undefined;
    const body = (await response.json()) as { transaction_id?: unknown };
    return typeof body.transaction_id === 'string' ? body.transaction_id : undefined;
  } catch {
    return undefined;
  }
}

async function readError(response: Response): Promise<ApiError> {
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    raw = undefined;
  }
  const parsed = apiErrorSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return { code: `http_${response.status}`, message: response.statusText || MSG.internalError };
}

function commonHandling(error: ApiRequestError, options: { skip: boolean; form: boolean }): void {
  const { status, extra } = error;
  if (status === 401) {
    handlers.onUnauthorized();
    error.handled = true;
    return;
  }
  if (options.skip || extra.skip_common_handling) return;
  if (status >= 500) {
    const transactionId =
      error.transactionId ?? (typeof extra.transaction_id === 'string' ? extra.transaction_id : undefined);
    showErrorDialog({ title: MSG.internalErrorTitle, message: MSG.internalErrorBody, transactionId });
    error.handled = true;
    return;
  }
  if (status === 404) {
    handlers.onNotFound();
    error.handled = true;
    return;
  }
  if (options.form && status === 400 && error.hasFieldErrors) return;
  if (error.code) {
    const title = typeof extra.title === 'string' && extra.title ? extra.title : error.code;
    const timer = typeof extra.timer === 'number' && extra.timer > 0 ? extra.timer : undefined;
    showErrorDialog({ title, message: error.message, timer });
    error.handled = true;
  }
}

export async function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<Output<E['response']>> {
  const path = buildPath(endpoint.path, options.params ?? {});
  const url = `${path}${buildQueryString(options.query as Record<string, unknown> | undefined)}`;
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Token ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiRequestError(0, { code: 'network_error', message: 'The server could not be reached.' });
  }

  if (!response.ok) {
    const apiError = await readError(response);
    const isLogCall = LOG_PATHS.has(endpoint.path);
    const transactionId = isLogCall ? undefined : await logApiError(response.status, endpoint.method, url, apiError);
    const error = new ApiRequestError(response.status, apiError, transactionId);
    if (response.status === 401 && token && getToken() === token) setToken(null);
    if (!isLogCall) commonHandling(error, { skip: options.skipCommonHandling ?? false, form: options.form ?? false });
    throw error;
  }

  if (response.status === 204) return undefined as Output<E['response']>;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as Output<E['response']>;
  console.warn(`Unexpected response shape from ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
  return data as Output<E['response']>;
}
