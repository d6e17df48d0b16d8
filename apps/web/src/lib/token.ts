/**
 * The API token (SPEC 7: sent as `Authorization: Token <key>`, never expires client-side).
 * Kept in localStorage and exposed as a tiny external store so guards re-render when it changes
 * (sign-in, sign-out, a 401 from any call, or another tab).
 */
const TOKEN_KEY = 'cab.token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let current: string | null = read();

/** Why the token was last dropped: after a deliberate logout the next sign-in starts at '/'. */
export type SignOutReason = 'logout' | 'expired';
let lastSignOut: SignOutReason | null = null;

export function getLastSignOutReason(): SignOutReason | null {
  return lastSignOut;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string | null, reason: SignOutReason = 'expired'): void {
  current = token;
  lastSignOut = token ? null : reason;
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the in-memory copy still works for this tab.
  }
  emit();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY) return;
    current = read();
    emit();
  });
}
