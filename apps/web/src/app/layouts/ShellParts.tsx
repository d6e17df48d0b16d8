import { WEB_TEXT } from '@cab/shared';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useLogout, useSession } from '../../features/auth/api.ts';
import { initials } from '../../lib/format.ts';

/** The brand mark + name at the left of the app bar. */
export function Brand({ title }: { title: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        sx={{ width: 28, height: 28, borderRadius: 1, boxShadow: '0 0 0 1px rgba(255,255,255,0.35)' }}
      />
      <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 600, letterSpacing: 0.2 }}>
        {title}
      </Typography>
    </Box>
  );
}

/**
 * The app bar's chip and avatar: a shade darker than the bar (navy, or the test environment's
 * red) with a light ring, so their white text keeps at least 4.5:1 on either (WCAG AA).
 */
const SHELL_BADGE_BG = 'rgba(0,0,0,0.22)';
const SHELL_BADGE_RING = 'inset 0 0 0 1px rgba(255,255,255,0.45)';

export function TestEnvironmentChip({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Chip
      label={WEB_TEXT.testEnvironment}
      size="small"
      data-testid="test-env-badge"
      sx={{
        ml: 1.5,
        display: { xs: 'none', sm: 'inline-flex' },
        // Darker than the bar, not lighter: white on a lightened red fell below 4.5:1 (issue 29).
        bgcolor: SHELL_BADGE_BG,
        boxShadow: SHELL_BADGE_RING,
        color: 'inherit',
        fontWeight: 600,
      }}
    />
  );
}

/** Greeting, initials avatar and the logout button (SPEC 2). */
export function UserBar() {
  const { me } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Typography variant="body2" data-testid="greeting" sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500 }}>
        {WEB_TEXT.hello(me?.first_name ?? '')}
      </Typography>
      <Tooltip title={me ? `${me.full_name} · ${me.email}` : ''}>
        <Avatar
          data-testid="user-avatar"
          sx={{
            width: 34,
            height: 34,
            fontSize: 14,
            fontWeight: 600,
            bgcolor: SHELL_BADGE_BG,
            boxShadow: SHELL_BADGE_RING,
            color: 'inherit',
          }}
        >
          {initials(me?.first_name, me?.last_name, me?.email)}
        </Avatar>
      </Tooltip>
      <Button
        color="inherit"
        onClick={onLogout}
        disabled={logout.isPending}
        startIcon={<Logout />}
        data-testid="logout-button"
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {WEB_TEXT.logout}
      </Button>
      <IconButton
        color="inherit"
        onClick={onLogout}
        aria-label={WEB_TEXT.logout}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <Logout />
      </IconButton>
    </Box>
  );
}

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 2, px: 3, borderTop: 1, borderColor: 'divider', color: 'text.secondary', bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" data-testid="copyright">
        {WEB_TEXT.copyright(new Date().getFullYear())}
      </Typography>
    </Box>
  );
}
