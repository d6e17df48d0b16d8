import { NOTIFY_MS } from '@cab/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../components/AppErrorBoundary.tsx';
import { ErrorDialogHost } from '../components/ErrorDialogHost.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { router } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

export function App() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            maxSnack={3}
            autoHideDuration={NOTIFY_MS.default}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            {...(reducedMotion && { transitionDuration: { enter: 0, exit: 0 } })}
          >
            <RouterProvider router={router} />
            <ErrorDialogHost />
          </SnackbarProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
