import { NOTIFY_MS } from '@cab/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../components/AppErrorBoundary.tsx';
import { ErrorDialogHost } from '../components/ErrorDialogHost.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { router } from './router.tsx';
import { reducedMotionTheme, theme } from './theme.ts';

/**
 * notistack's own green, blue and orange under white text are 3.3:1, 3.1:1 and 2.2:1: darker ones
 * of the same hue reach WCAG AA's 4.5:1 (issue 35). Its red is 5.0:1 already.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
});
const TOASTS = { success: Toast, info: Toast, warning: Toast };

export function App() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            maxSnack={3}
            Components={TOASTS}
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
