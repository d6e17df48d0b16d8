import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../components/AppErrorBoundary.tsx';
import { ErrorDialogHost } from '../components/ErrorDialogHost.tsx';
import { queryClient } from '../lib/queryClient.ts';
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
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <ToastHost reducedMotion={reducedMotion} />
          <ErrorDialogHost />
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
