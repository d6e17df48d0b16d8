import { WEB_TEXT } from '@cab/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router';
import { useIsTestEnvironment } from '../../features/core/api.ts';
import { SuspenseOutlet } from '../SuspenseOutlet.tsx';
import { Brand, Footer, TestEnvironmentChip, UserBar } from './ShellParts.tsx';

/** The planner app (routes containing 'planner'): its own app bar, no side navigation (SPEC 1, 2). */
export default function PlannerLayout() {
  const isTest = useIsTestEnvironment();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar
        position="sticky"
        color={isTest ? 'error' : 'primary'}
        data-testid="app-bar"
        data-test-environment={isTest ? 'true' : 'false'}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Brand title={WEB_TEXT.plannerTitle} />
          <TestEnvironmentChip show={isTest} />
          <Button
            component={RouterLink}
            to="/orders/manage"
            color="inherit"
            variant="outlined"
            startIcon={<ArrowBack />}
            data-testid="planner-back"
            sx={{ ml: 2, borderColor: 'rgba(255,255,255,0.5)' }}
          >
            {WEB_TEXT.backToOrders}
          </Button>
          <Box sx={{ flex: 1 }} />
          <UserBar />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, bgcolor: 'background.default' }}>
        <SuspenseOutlet />
      </Box>
      <Footer />
    </Box>
  );
}
