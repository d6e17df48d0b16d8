import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/FullPageLoader.tsx';

/** The page slot of a layout: lazy pages load behind a spinner, the shell stays. */
export function SuspenseOutlet() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
