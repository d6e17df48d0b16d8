import { WEB_TEXT, type WebRoute } from '@cab/shared';
import { Suspense, use, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RouteProgress } from '../components/RouteProgress.tsx';
import { type LoginLocationState, safeRedirectTarget } from '../features/auth/redirect.ts';
import { useToken } from '../features/auth/session.ts';
import { useCurrentRoute } from '../lib/routes.ts';
import GuestLayout from './layouts/GuestLayout.tsx';
import { loadedSessionGuard, loadSessionGuard } from './shells.ts';

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${WEB_TEXT.appName}`;
  }, [title]);
}

/** The session guard, loaded by the route (shells.ts); suspends only if it is not there yet. */
function SessionScopeHost({ route }: { route: WebRoute }) {
  const { SessionScope } = loadedSessionGuard() ?? use(loadSessionGuard());
  return <SessionScope route={route} />;
}

/**
 * The one guard around every route (built from WEB_ROUTES), which also picks the layout. /login
 * is decided here with the token alone: signed out, the guest layout; signed in, the page first
 * asked for (else /). That is the one navigation after signing in: the login form does not
 * navigate again later (a second, late navigation undid a click made in between). Every other
 * route goes through the session guard (SessionGuard.tsx), which brings the query client: /login
 * loads neither (decision 0066).
 */
export function RouteGuard() {
  const route = useCurrentRoute();
  const location = useLocation();
  const token = useToken();
  useDocumentTitle(route.title);

  if (route.path === '/login') {
    if (token) {
      return <Navigate to={safeRedirectTarget((location.state as LoginLocationState | null)?.from)} replace />;
    }
    return <GuestLayout />;
  }
  return (
    <Suspense fallback={<RouteProgress />}>
      <SessionScopeHost route={route} />
    </Suspense>
  );
}
