import { WEB_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageLoader({ minHeight = '100vh' }: { minHeight?: string | number }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight, width: '100%' }}
      role="status"
      aria-live="polite"
    >
      <CircularProgress aria-label={WEB_TEXT.loading} />
    </Box>
  );
}

/** The fallback while a lazy page loads inside a layout. */
export function PageLoader() {
  return <FullPageLoader minHeight="40vh" />;
}
