import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setApiHandlers } from '../lib/api.ts';

/** Connects the API client's redirects (401 -> /login, 404 -> /404) to the router. */
export function RootRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    setApiHandlers({
      // The token is already gone: drop cached data; the route guard sends the user to /login.
      onUnauthorized: () => queryClient.clear(),
      onNotFound: () => navigate('/404'),
    });
  }, [navigate, queryClient]);

  return <Outlet />;
}
