import type { WebRoute } from '@cab/shared';
import { wantToasts } from '../lib/toasts.ts';

type SessionGuardModule = Pick<typeof import('./SessionGuard.tsx'), 'SessionScope' | 'loadLayoutFor'>;
let sessionGuard: SessionGuardModule | undefined;
let sessionGuardLoad: Promise<SessionGuardModule> | undefined;

/**
 * The guard of every route but /login (SessionGuard.tsx), with the query client and react-query
 * and the signed-in shells' loaders: /login before signing in runs none of them (decision 0066).
 */
export function loadSessionGuard(): Promise<SessionGuardModule> {
  sessionGuardLoad ??= import('./SessionGuard.tsx').then(({ SessionScope, loadLayoutFor }) => {
    sessionGuard = { SessionScope, loadLayoutFor };
    return sessionGuard;
  });
  return sessionGuardLoad;
}

/** The session guard once loaded (so a page rendered after its route loaded it never suspends). */
export function loadedSessionGuard(): SessionGuardModule | undefined {
  return sessionGuard;
}

/**
 * Loads what a route renders in before the router renders it, so the router fetches it with the
 * page's code (under the progress bar) rather than the page suspending after the navigation ends:
 * the session guard (every route but /login) and a role route's signed-in shell. The toasts' code
 * (notistack) comes along with a shell: signed-in pages use it, /login does not.
 */
export async function loadShellFor(route: WebRoute): Promise<void> {
  if (route.path === '/login') return;
  const guard = loadSessionGuard();
  if (route.access === 'guest' || route.access === 'public') {
    await guard;
    return;
  }
  wantToasts();
  await (await guard).loadLayoutFor(route);
}
