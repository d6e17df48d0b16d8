import { WEB_TEXT } from '@cab/shared';
import LinearProgress from '@mui/material/LinearProgress';

/** The thin bar across the top of the window while a page's code is loading. */
export function RouteProgress() {
  return (
    <LinearProgress
      aria-label={WEB_TEXT.loading}
      data-testid="route-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
