import { NOTIFY_MS } from '@cab/shared';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect, useRef } from 'react';
import { toastsReady } from '../lib/toasts.ts';

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

/** The toasts' provider, mounted beside the app when first wanted (lib/toasts.ts). */
export default function Toaster({ reducedMotion }: { reducedMotion: boolean }) {
  const provider = useRef<SnackbarProvider>(null);
  useEffect(() => {
    if (provider.current) toastsReady(provider.current.enqueueSnackbar);
  }, []);
  return (
    <SnackbarProvider
      ref={provider}
      maxSnack={3}
      Components={TOASTS}
      autoHideDuration={NOTIFY_MS.default}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      {...(reducedMotion && { transitionDuration: { enter: 0, exit: 0 } })}
    />
  );
}
