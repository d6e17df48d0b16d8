import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteProgress } from '../components/RouteProgress.tsx';

/** The page slot of a layout: while a page's code loads the shell stays, with the progress bar on top. */
export function SuspenseOutlet() {
  return (
    <Suspense fallback={<RouteProgress />}>
      <Outlet />
    </Suspense>
  );
}
