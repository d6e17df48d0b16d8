import { MSG } from '@cab/shared';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The error page of SPEC 2: '404 Not Found', 'An error occurred' or 'This page could not be
 * found', with a Home page link. Uses a plain <a> so it works even when the router failed.
 */
export function ErrorScreen({
  code,
  title,
  detail,
  fullPage = false,
  testId,
}: {
  code?: string;
  title: string;
  detail?: ReactNode;
  fullPage?: boolean;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        minHeight: fullPage ? '100vh' : '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 2,
      }}
    >
      {code && (
        <Typography
          aria-hidden
          // Faint, yet 3:1 on the page as large text must be (axe checks hidden text too).
          sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 700, lineHeight: 1, color: 'primary.main', opacity: 0.6 }}
        >
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {detail}
        </Typography>
      )}
      <Button variant="contained" href="/" startIcon={<HomeOutlined />} sx={{ mt: 1 }}>
        {MSG.homePage}
      </Button>
    </Box>
  );
}
