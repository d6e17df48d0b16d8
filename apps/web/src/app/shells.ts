import { isBoardRoute, isPlannerRoute, type WebRoute } from '@cab/shared';
import { wantToasts } from '../lib/toasts.ts';
import { loadBoardLayout, loadDefaultLayout, loadPlannerLayout } from './layouts/loaders.ts';

type SessionScope = typeof import('./SessionGuard.tsx')['SessionScope'];
let sessionScope: SessionScope | undefined;
let sessionScopeLoad: Promise<SessionScope> | undefined;

/**
 * The guard of every route but /login (SessionGuard.tsx), with the query client and react-query:
 * /login before signing in runs neither (decision 0066).
 */
export function loadSessionScope(): Promise<SessionScope> {
  sessionScopeLoad ??= import('./SessionGuard.tsx').then(({ SessionScope }) => {
    sessionScope = SessionScope;
    return SessionScope;
  });
  return sessionScopeLoad;
}

/** The session guard once loaded (so a page rendered after its route loaded it never suspends). */
export function loadedSessionScope(): SessionScope | undefined {
  return sessionScope;
}

/**
 * Loads what a route renders in before the router renders it, so the router fetches it with the
 * page's code (under the progress bar) rather than the page suspending after the navigation ends:
 * the session guard (every route but /login) and a role route's signed-in shell. The toasts' code
 * (notistack) comes along with a shell: signed-in pages use it, /login does not.
 */
export async function loadShellFor(route: WebRoute): Promise<void> {
  const guard = route.path === '/login' ? undefined : loadSessionScope();
  if (route.access === 'guest' || route.access === 'public') {
    await guard;
    return;
  }
  wantToasts();
  const shell = isBoardRoute(route.path)
    ? loadBoardLayout()
    : isPlannerRoute(route.path)
      ? loadPlannerLayout()
      : loadDefaultLayout();
  await Promise.all([guard, shell]);
}
