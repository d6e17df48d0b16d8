import { useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { RouteProgress } from '../components/RouteProgress.tsx';
import { setApiHandlers } from '../lib/api-error.ts';

/**
 * Connects the API client's redirects (401 -> /login, 404 -> /404) to the router, and shows the
 * progress bar while the router loads the next page's code.
 */
export function RootRoute() {
  const navigate = useNavigate();
  const navigation = useNavigation();

  useEffect(() => {
    setApiHandlers({
      // The token is already gone: drop cached data; the route guard sends the user to /login.
      // The query client loads with the first page that has data (not with /login, decision 0066).
      onUnauthorized: () => void import('../lib/queryClient.ts').then(({ queryClient }) => queryClient.clear()),
      onNotFound: () => navigate('/404'),
    });
  }, [navigate]);

  return (
    <>
      {navigation.state === 'loading' && <RouteProgress />}
      <Outlet />
    </>
  );
}
