import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCurrentRoute } from '../lib/routes.ts';

/** A page's heading (h1), with a subtitle and its actions on the right; the title defaults to the route's. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const route = useCurrentRoute();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title ?? route.title}
        </Typography>
        {subtitle && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
