import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../components/AppErrorBoundary.tsx';
import { ErrorDialogHost } from '../components/ErrorDialogHost.tsx';
import { subscribeToasts, toastsWanted } from '../lib/toasts.ts';
import { router } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

// notistack loads when a toast is first wanted (lib/toasts.ts), not with /login.
const Toaster = lazy(() => import('../components/Toaster.tsx'));

function ToastHost({ reducedMotion }: { reducedMotion: boolean }) {
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster reducedMotion={reducedMotion} />
    </Suspense>
  ) : null;
}

export function App() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <AppErrorBoundary>
        {/* The query client sits under the router, in the session guard (app/SessionGuard.tsx). */}
        <RouterProvider router={router} />
        <ToastHost reducedMotion={reducedMotion} />
        <ErrorDialogHost />
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
