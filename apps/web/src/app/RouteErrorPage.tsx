import { MSG } from '@cab/shared';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { isChunkLoadError, reloadForChunkError } from '../lib/chunkReload.ts';
import { reportError } from '../lib/errorReporting.ts';

/**
 * The router's error boundary (SPEC 2 "An error occurred" + Home page link). A failed lazy
 * chunk reloads the page instead, at most once a minute (SPEC 8).
 */
export function RouteErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadForChunkError());

  useEffect(() => {
    if (reloading || isRouteErrorResponse(error)) return;
    reportError('react', error);
  }, [error, reloading]);

  if (reloading) return <FullPageLoader />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen code="404" title={MSG.errorPageNotFound} fullPage={fullPage} testId="error-page" />;
  }
  return <ErrorScreen title={MSG.errorPageGeneric} fullPage={fullPage} testId="error-page" />;
}
