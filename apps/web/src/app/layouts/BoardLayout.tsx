import Box from '@mui/material/Box';
import { SuspenseOutlet } from '../SuspenseOutlet.tsx';

/** The floor board (/floor): the page alone on the whole screen of the shop's TV. */
export default function BoardLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: '#0b1220', color: '#f8fafc' }}>
      <SuspenseOutlet />
    </Box>
  );
}
