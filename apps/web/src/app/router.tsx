import { WEB_ROUTES, type WebRoute } from '@cab/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { type RouteHandle, UNKNOWN_ROUTE } from '../lib/routes.ts';
import { pageFor, UnknownRoutePage } from './pages.tsx';
import { RootRoute } from './RootRoute.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { RouteGuard } from './RouteGuard.tsx';

function pageRoute(route: WebRoute): RouteObject {
  const Page = pageFor(route.path);
  return {
    path: route.path,
    handle: { route } satisfies RouteHandle,
    element: <Page />,
    errorElement: <RouteErrorPage />,
  };
}

/** The router is built from WEB_ROUTES: every route sits under the one RouteGuard. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage fullPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          ...WEB_ROUTES.map(pageRoute),
          {
            path: '*',
            handle: { route: UNKNOWN_ROUTE } satisfies RouteHandle,
            element: <UnknownRoutePage />,
            errorElement: <RouteErrorPage />,
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
