import { WEB_ROUTES, type WebRoute } from '@cab/shared';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteProgress } from '../components/RouteProgress.tsx';
import { isRowIdParam, type RouteHandle, rowIdParamsValid, UNKNOWN_ROUTE } from '../lib/routes.ts';
import { pageFor, unknownRoutePage } from './pageFor.ts';
import type { PageModule } from './pages.tsx';
import { RootRoute } from './RootRoute.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { loadShellFor } from './shells.ts';

/**
 * A malformed row id in the address (/catalog/public/subcategory/abc) is a page that does not
 * exist: 404 before the page renders, so no screen ever asks the API for "NaN".
 */
function rowIdGuard({ params }: LoaderFunctionArgs): null {
  if (!rowIdParamsValid(params)) throw data(null, { status: 404 });
  return null;
}

/**
 * The router loads a page's code as part of the navigation (route `lazy`): the progress bar shows
 * meanwhile (RootRoute), the previous page stays until the next one can render, and a chunk that
 * fails to load reaches the route's error page, which reloads once (RouteErrorPage).
 */
function lazyPage(load: PageModule, shell?: () => Promise<void>) {
  return async () => {
    const [page] = await Promise.all([load(), shell?.()]);
    return { Component: page.default };
  };
}

function pageRoute(route: WebRoute): RouteObject {
  const hasRowId = route.path.split('/').some((seg) => seg.startsWith(':') && isRowIdParam(seg.slice(1)));
  return {
    path: route.path,
    handle: { route } satisfies RouteHandle,
    loader: hasRowId ? rowIdGuard : undefined,
    lazy: lazyPage(pageFor(route.path), () => loadShellFor(route)),
    // First load: the layout shows at once, the progress bar stands in for the page.
    hydrateFallbackElement: <RouteProgress />,
    errorElement: <RouteErrorPage />,
  };
}

/** The router is built from WEB_ROUTES: every route sits under the one RouteGuard. */
const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage fullPage />,
    // Shown on the first load while the page's code (and its route checks) are on their way.
    hydrateFallbackElement: <RouteProgress />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          ...WEB_ROUTES.map(pageRoute),
          {
            path: '*',
            handle: { route: UNKNOWN_ROUTE } satisfies RouteHandle,
            lazy: lazyPage(unknownRoutePage, () => loadShellFor(UNKNOWN_ROUTE)),
            hydrateFallbackElement: <RouteProgress />,
            errorElement: <RouteErrorPage />,
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
