/**
 * Whose cached sessions a write made stale: the repository reports changes here, the session
 * caches (session-cache.ts) listen. Its own file so that the two do not import each other.
 */
export const SESSION_CHANNEL = 'auth_sessions';

export type SessionChange = { userId: number } | { companyId: number };

/** The caches of this process (one per app; tests build several). */
export const processCaches = new Set<{ invalidate(which: SessionChange | null): void }>();

/**
 * Drops the user's cached sessions in this process now (repository.ts `sessionsChanged` calls it
 * beside its NOTIFY, which reaches the other servers, and this one again, at commit).
 */
export function dropCachedSessions(which: SessionChange): void {
  for (const cache of processCaches) cache.invalidate(which);
}
