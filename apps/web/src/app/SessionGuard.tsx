import { canOpenRoute, isBoardRoute, isPlannerRoute, MSG, PASSWORD_RESET_ROUTE, type WebRoute } from '@cab/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { RouteProgress } from '../components/RouteProgress.tsx';
import { useSession } from '../features/auth/api.ts';
import type { LoginLocationState } from '../features/auth/redirect.ts';
import { queryClient } from '../lib/queryClient.ts';
import { getLastSignOutReason } from '../lib/token.ts';
import BareLayout from './layouts/BareLayout.tsx';
import GuestLayout from './layouts/GuestLayout.tsx';
import { loadBoardLayout, loadDefaultLayout, loadPlannerLayout } from './layouts/loaders.ts';

const DefaultLayout = lazy(loadDefaultLayout);
const PlannerLayout = lazy(loadPlannerLayout);
const BoardLayout = lazy(loadBoardLayout);

/** The signed-in shell a role route renders in (shells.ts loads it with the route's page). */
export async function loadLayoutFor(route: WebRoute): Promise<void> {
  if (isBoardRoute(route.path)) await loadBoardLayout();
  else await (isPlannerRoute(route.path) ? loadPlannerLayout() : loadDefaultLayout());
}

/**
 * Every route but /login renders here (RouteGuard), under the query client: the pages' data,
 * the signed-in user. Loaded with the first such route (shells.ts), not with /login (decision 0066).
 */
export function SessionScope({ route }: { route: WebRoute }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGuard route={route} />
    </QueryClientProvider>
  );
}

/**
 * The guard's rules for every route but /login (RouteGuard, SPEC 2, 4 and 6):
 *  - guest routes: open to anyone, in the guest layout;
 *  - bare routes (the homeowner's proposal page): the page alone, whoever opens it;
 *  - public routes (error pages): the default shell when signed in, else the page alone;
 *  - role routes: no token -> /login (remembering the target); require_password_reset ->
 *    PASSWORD_RESET_ROUTE (except routes with skipPasswordResetGuard); a role not allowed -> /404;
 *    planner routes render in the planner shell, the floor board alone, the rest in the default shell.
 */
function SessionGuard({ route }: { route: WebRoute }) {
  const location = useLocation();
  const session = useSession();

  if (route.access === 'guest') return <GuestLayout />;

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
