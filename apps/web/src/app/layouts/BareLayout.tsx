import Box from '@mui/material/Box';
import { SuspenseOutlet } from '../SuspenseOutlet.tsx';

/** Public pages (error pages) seen while signed out: the page alone, centred. */
export default function BareLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <SuspenseOutlet />
    </Box>
  );
}
