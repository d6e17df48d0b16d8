import {
  type ApiError,
  apiErrorSchema,
  buildPath,
  CLIENT_LOG_PATHS,
  type Endpoint,
  errorTitle,
  MSG,
  WEB_TEXT,
} from '@cab/shared';
import type { z } from 'zod';
import { preloadErrorDialog } from '../components/ErrorDialogHost.tsx';
import { ApiRequestError, apiHandlers } from './api-error.ts';
import { showErrorDialog } from './errorDialogStore.ts';
import { fileNameOf } from './file-name.ts';
import { getToken, setToken } from './token.ts';

export { ApiRequestError, isApiRequestError } from './api-error.ts';

/**
 * The one way the web app talks to the API:
 *  - `call(endpoint, { params, query, body })` for JSON,
 *  - `upload(endpoint, { params, form, onProgress })` for multipart with upload progress (XHR),
 *  - `download(endpoint, { params, query, fallbackName })` to save a file the API answers.
 * All three share one error path (SPEC 8):
 *  - every API error is first logged through POST /api/core/log/warn/ (its transaction id is kept);
 *  - 400/403 with a code: popup (title = extra.title, else the code's human title (ERROR_TITLES), else
 *    the code; the message, an error icon;
 *    auto-closes after extra.timer ms without a button, else an OK button), unless
 *    extra.skip_common_handling or the caller asked to handle it;
 *  - 500: 'Internal Error' popup with the transaction id; 404: go to /404; 401: drop the token
 *    and go to /login.
 * The error is always thrown afterwards as an ApiRequestError so callers can react too.
 */

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Output<T> = T extends z.ZodType ? z.output<T> : never;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: Input<E['query']> | Record<string, QueryValue>;
  body?: Input<E['body']> | FormData;
  /** The caller handles every error itself: no popup, no redirect (the error is still logged). */
  skipCommonHandling?: boolean;
  /** A form submit: an error carrying `fields` is shown on the form fields instead of a popup. */
  form?: boolean;
  /** Error codes the caller shows itself (no popup for them); every other error as usual. */
  handles?: readonly string[];
  signal?: AbortSignal;
}

function buildQueryString(query: Record<string, unknown> | undefined): string {
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

// The popups this client raises: their code comes with the client, not with the first popup.
void preloadErrorDialog();

const LOG_PATHS = new Set<string>([CLIENT_LOG_PATHS.warn, CLIENT_LOG_PATHS.error]);
const LOG_TIMEOUT_MS = 3000;

function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Token ${token}` } : {};
}

function requestUrl(endpoint: Endpoint, params?: Record<string, string | number>, query?: unknown): string {
  return `${buildPath(endpoint.path, params ?? {})}${buildQueryString(query as Record<string, unknown> | undefined)}`;
}

function networkError(): ApiRequestError {
  return new ApiRequestError(0, { code: 'network_error', message: WEB_TEXT.serverUnreachable });
}

async function logApiError(status: number, method: string, url: string, error: ApiError): Promise<string | undefined> {
  try {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), LOG_TIMEOUT_MS);
    const response = await fetch(CLIENT_LOG_PATHS.warn, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authHeaders(getToken()) },
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

/** The API error shape of a failed response's body (already read), or a generic one. */
function toApiError(status: number, statusText: string, raw: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return { code: `http_${status}`, message: statusText || MSG.internalError };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function commonHandling(
  error: ApiRequestError,
  options: { skip: boolean; form: boolean; handles?: readonly string[] },
): void {
  const { status, extra } = error;
  if (status === 401) {
    apiHandlers().onUnauthorized();
    error.handled = true;
    return;
  }
  if (options.skip || extra.skip_common_handling || options.handles?.includes(error.code)) return;
  if (status >= 500) {
    const transactionId =
      error.transactionId ?? (typeof extra.transaction_id === 'string' ? extra.transaction_id : undefined);
    showErrorDialog({ title: MSG.internalErrorTitle, message: MSG.internalErrorBody, transactionId });
    error.handled = true;
    return;
  }
  if (status === 404) {
    apiHandlers().onNotFound();
    error.handled = true;
    return;
  }
  if (options.form && error.hasFieldErrors) return;
  if (error.code) {
    const title = errorTitle(error.code, extra.title);
    const timer = typeof extra.timer === 'number' && extra.timer > 0 ? extra.timer : undefined;
    showErrorDialog({ title, message: error.message, timer });
    error.handled = true;
  }
}

interface FailureContext {
  method: string;
  url: string;
  path: string;
  /** The token the request was sent with. */
  token: string | null;
  skipCommonHandling?: boolean;
  form?: boolean;
  handles?: readonly string[];
}

/**
 * THE error path of every request: log it through log/warn (keeping its transaction id),
 * drop the token on a 401, apply the common handling, and return the error to throw.
 */
async function failure(status: number, apiError: ApiError, context: FailureContext): Promise<ApiRequestError> {
  const isLogCall = LOG_PATHS.has(context.path);
  const transactionId = isLogCall ? undefined : await logApiError(status, context.method, context.url, apiError);
  const error = new ApiRequestError(status, apiError, transactionId);
  if (status === 401 && context.token && getToken() === context.token) setToken(null);
  if (!isLogCall)
    commonHandling(error, {
      skip: context.skipCommonHandling ?? false,
      form: context.form ?? false,
      handles: context.handles,
    });
  return error;
}

function parseResponse<E extends Endpoint>(endpoint: E, data: unknown): Output<E['response']> {
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as Output<E['response']>;
  console.warn(`Unexpected response shape from ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
  return data as Output<E['response']>;
}

/** fetch() with the token; a failed response goes through the one error path. */
async function send(
  endpoint: Endpoint,
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  options: { skipCommonHandling?: boolean; form?: boolean; handles?: readonly string[] },
): Promise<Response> {
  const token = getToken();
  Object.assign(init.headers, authHeaders(token));
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: endpoint.method });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  if (response.ok) return response;
  const apiError = toApiError(response.status, response.statusText, await readJson(response));
  throw await failure(response.status, apiError, {
    method: endpoint.method,
    url,
    path: endpoint.path,
    token,
    ...options,
  });
}

export async function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<Output<E['response']>> {
  const url = requestUrl(endpoint, options.params, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  const response = await send(endpoint, url, { headers, body, signal: options.signal }, options);
  if (response.status === 204) return undefined as Output<E['response']>;
  const text = await response.text();
  return parseResponse(endpoint, text ? JSON.parse(text) : undefined);
}

export interface UploadOptions {
  params?: Record<string, string | number>;
  form: FormData;
  /** Upload progress, 0..100. */
  onProgress?: (percent: number) => void;
  /** Error codes the caller shows itself (as CallOptions.handles). */
  handles?: readonly string[];
  signal?: AbortSignal;
}

/**
 * A multipart request with upload progress (CSV import, images): fetch() reports no upload
 * progress, so this uses XMLHttpRequest. Errors carrying `fields` (a bad or too large file) are
 * left to the dialog, as on a form.
 */
export function upload<E extends Endpoint>(endpoint: E, options: UploadOptions): Promise<Output<E['response']>> {
  const url = requestUrl(endpoint, options.params);
  const token = getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((100 * event.loaded) / event.total));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parseResponse(endpoint, data));
        return;
      }
      const apiError = toApiError(xhr.status, xhr.statusText, data);
      const context = {
        method: endpoint.method,
        url,
        path: endpoint.path,
        token,
        form: true,
        handles: options.handles,
      };
      void failure(xhr.status, apiError, context).then(reject);
    };
    xhr.send(options.form);
  });
}

export interface DownloadOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: Input<E['query']> | Record<string, QueryValue>;
  /** The file name when the response names none (Content-Disposition). */
  fallbackName: string;
}

/**
 * Saves a file the API answers (CSV exports). A link cannot send the Authorization header, so
 * the file is fetched here and saved from a blob.
 */
export async function download<E extends Endpoint>(endpoint: E, options: DownloadOptions<E>): Promise<void> {
  const url = requestUrl(endpoint, options.params, options.query);
  const response = await send(endpoint, url, { headers: {} }, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = fileNameOf(disposition) ?? options.fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
