import { CLIENT_LOG_LIMITS, CLIENT_LOG_PATHS } from '@cab/shared';
import { isChunkLoadError, reloadForChunkError } from './chunkReload.ts';
import { getToken } from './token.ts';

/**
 * Uncaught script errors go to POST /api/core/log/error/ (SPEC 8), at most
 * CLIENT_LOG_LIMITS.perMinute a minute so a broken page cannot flood the server.
 */
let windowStart = 0;
let sentInWindow = 0;

function clip(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.length > CLIENT_LOG_LIMITS.fieldChars ? text.slice(0, CLIENT_LOG_LIMITS.fieldChars) : text;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function reportError(type: string, error: unknown, info?: string): void {
  const now = Date.now();
  if (now - windowStart > 60_000) {
    windowStart = now;
    sentInWindow = 0;
  }
  if (sentInWindow >= CLIENT_LOG_LIMITS.perMinute) return;
  sentInWindow += 1;
  const token = getToken();
  const body = JSON.stringify({
    type,
    error: clip(describe(error)),
    info: clip(info),
    path: clip(`${window.location.pathname}${window.location.search}`),
  });
  void fetch(CLIENT_LOG_PATHS.error, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
    body,
    keepalive: true,
  }).catch(() => {});
}

let installed = false;

export function installGlobalErrorReporting(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    const error: unknown = event.error ?? event.message;
    if (isChunkLoadError(error) && reloadForChunkError()) return;
    reportError('error', error, `${event.filename ?? ''}:${event.lineno ?? 0}:${event.colno ?? 0}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (isChunkLoadError(reason) && reloadForChunkError()) return;
    // API errors are already logged through log/warn by the API client.
    if (reason instanceof Error && reason.name === 'ApiRequestError') return;
    reportError('unhandledrejection', reason);
  });
  // Vite reports a failed preload of a lazy chunk's dependencies here.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
