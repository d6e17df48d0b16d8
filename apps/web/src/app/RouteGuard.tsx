import {
  canOpenRoute,
  isBoardRoute,
  isPlannerRoute,
  MSG,
  PASSWORD_RESET_ROUTE,
  WEB_TEXT,
  type WebRoute,
} from '@cab/shared';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { RouteProgress } from '../components/RouteProgress.tsx';
import { useSession } from '../features/auth/api.ts';
import { type LoginLocationState, safeRedirectTarget } from '../features/auth/redirect.ts';
import { useCurrentRoute } from '../lib/routes.ts';
import { wantToasts } from '../lib/toasts.ts';
import { getLastSignOutReason } from '../lib/token.ts';
import BareLayout from './layouts/BareLayout.tsx';
import GuestLayout from './layouts/GuestLayout.tsx';

// The signed-in shells are lazy so the login page does not load them.
const loadDefaultLayout = () => import('./layouts/DefaultLayout.tsx');
const loadPlannerLayout = () => import('./layouts/PlannerLayout.tsx');
const loadBoardLayout = () => import('./layouts/BoardLayout.tsx');
const DefaultLayout = lazy(loadDefaultLayout);
const PlannerLayout = lazy(loadPlannerLayout);
const BoardLayout = lazy(loadBoardLayout);

/**
 * Loads the signed-in shell a role route renders in, so the router fetches it with the page's
 * code (under the progress bar) rather than the shell suspending after the navigation ends. The
 * toasts' code (notistack) comes along: signed-in pages use it, /login does not.
 */
export async function loadShellFor(route: WebRoute): Promise<void> {
  if (route.access === 'guest' || route.access === 'public') return;
  wantToasts();
  if (isBoardRoute(route.path)) await loadBoardLayout();
  else await (isPlannerRoute(route.path) ? loadPlannerLayout() : loadDefaultLayout());
}

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${WEB_TEXT.appName}`;
  }, [title]);
}

/**
 * The one guard around every route (built from WEB_ROUTES, SPEC 2, 4 and 6), which also picks
 * the layout:
 *  - guest routes: open to anyone, in the guest layout; a signed-in user on /login goes to the
 *    page first asked for (else /);
 *  - bare routes (the homeowner's proposal page): the page alone, whoever opens it;
 *  - public routes (error pages): the default shell when signed in, else the page alone;
 *  - role routes: no token -> /login (remembering the target); require_password_reset ->
 *    PASSWORD_RESET_ROUTE (except routes with skipPasswordResetGuard); a role not allowed -> /404;
 *    planner routes render in the planner shell, the floor board alone, the rest in the default shell.
 */
export function RouteGuard() {
  const route = useCurrentRoute();
  const location = useLocation();
  const session = useSession();
  useDocumentTitle(route.title);

  if (route.access === 'guest') {
    // The one navigation after signing in, to the page first asked for: the login form does not
    // navigate again later (a second, late navigation undid a click made in between).
    if (route.path === '/login' && session.token) {
      return <Navigate to={safeRedirectTarget((location.state as LoginLocationState | null)?.from)} replace />;
    }
    return <GuestLayout />;
  }

  // The homeowner's proposal page looks the same to anyone: signed in or not, no shell.
  if (route.bare) return <BareLayout />;

  if (route.access === 'public') {
    if (!session.token) return <BareLayout />;
    if (session.isLoading) return <FullPageLoader />;
    if (!session.me) return <BareLayout />;
    return (
      <Suspense fallback={<RouteProgress />}>
        <DefaultLayout />
      </Suspense>
    );
  }

  if (!session.token) {
    const state: LoginLocationState | undefined =
      getLastSignOutReason() === 'logout'
        ? undefined
        : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (session.isLoading) return <FullPageLoader />;
  if (!session.me) return <ErrorScreen title={MSG.errorPageGeneric} fullPage testId="error-page" />;

  if (session.me.require_password_reset && !route.skipPasswordResetGuard && route.path !== PASSWORD_RESET_ROUTE) {
    return <Navigate to={PASSWORD_RESET_ROUTE} replace />;
  }
  if (!canOpenRoute(route, session.role)) return <Navigate to="/404" replace />;

  return (
    <Suspense fallback={<RouteProgress />}>
      {isBoardRoute(route.path) ? <BoardLayout /> : isPlannerRoute(route.path) ? <PlannerLayout /> : <DefaultLayout />}
    </Suspense>
  );
}
