import { navFor, WEB_TEXT } from '@cab/shared';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useMemo, useState } from 'react';

import { useSession } from '../../features/auth/api.ts';
import { useIsTestEnvironment } from '../../features/core/api.ts';
import { CurrentAnnouncements } from '../../features/email/components/CurrentAnnouncements.tsx';
import { SuspenseOutlet } from '../SuspenseOutlet.tsx';
import { NavMenu } from './NavMenu.tsx';
import { Brand, Footer, TestEnvironmentChip, UserBar } from './ShellParts.tsx';

const DRAWER_WIDTH = 264;

/** The authenticated shell: app bar, side navigation for the role, content, footer (SPEC 2). */
export default function DefaultLayout() {
  const { role } = useSession();
  const isTest = useIsTestEnvironment();
  const entries = useMemo(() => navFor(role), [role]);
  const [mobileOpen, setMobileOpen] = useState(false);

  const drawerContent = (
    <>
      <Toolbar />
      <Box sx={{ overflowY: 'auto', flex: 1 }} data-testid="side-nav">
        <NavMenu entries={entries} />
      </Box>
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color={isTest ? 'error' : 'primary'}
        data-testid="app-bar"
        data-test-environment={isTest ? 'true' : 'false'}
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, displayPrint: 'none' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={WEB_TEXT.openNavigation}
            onClick={() => setMobileOpen(true)}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Brand title={WEB_TEXT.appName} />
          <TestEnvironmentChip show={isTest} />
          <Box sx={{ flex: 1 }} />
          <UserBar />
        </Toolbar>
      </AppBar>
      {/* Printed pages (an order for the shop floor) carry the page only: no menus. */}
      <Box component="nav" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 }, displayPrint: 'none' }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar />
          <NavMenu entries={entries} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', display: 'flex' },
          }}
        >
          {drawerContent}
        </Drawer>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Box
          sx={{
            flex: 1,
            p: { xs: 2, sm: 3, lg: 4 },
            width: '100%',
            maxWidth: 1400,
            mx: 'auto',
            '@media print': { p: 0, maxWidth: 'none' },
          }}
        >
          <Box sx={{ displayPrint: 'none' }}>
            <CurrentAnnouncements />
          </Box>
          <SuspenseOutlet />
        </Box>
        <Box sx={{ displayPrint: 'none' }}>
          <Footer />
        </Box>
      </Box>
    </Box>
  );
}
