import { WEB_TEXT } from '@cab/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { SuspenseOutlet } from '../SuspenseOutlet.tsx';

/** Pages reachable without signing in: a centred card, no navigation (SPEC 2). */
export default function GuestLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background: 'linear-gradient(160deg, #1f3a5f 0%, #2c5282 45%, #f4f6f9 45.1%)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3, color: 'common.white' }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 40, height: 40, borderRadius: 1.5 }} />
        <div>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {WEB_TEXT.appName}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {WEB_TEXT.appTagline}
          </Typography>
        </div>
      </Box>
      <Card
        variant="elevation"
        elevation={0}
        sx={{ width: '100%', maxWidth: 420, boxShadow: '0 10px 40px rgba(16, 30, 54, 0.18)' }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <SuspenseOutlet />
        </CardContent>
      </Card>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {WEB_TEXT.copyright(new Date().getFullYear())}
      </Typography>
    </Box>
  );
}
