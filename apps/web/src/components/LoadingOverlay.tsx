import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fade from '@mui/material/Fade';

/** Covers its positioned parent with a spinner while `open` (SPEC 4: a loading overlay during saves). */
export function LoadingOverlay({ open, label }: { open: boolean; label?: string }) {
  return (
    <Fade in={open} unmountOnExit>
      <Box
        role="progressbar"
        aria-label={label}
        aria-busy="true"
        data-testid="loading-overlay"
        sx={{
          position: 'absolute',
          inset: 0,
          zIndex: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'rgba(255, 255, 255, 0.65)',
          borderRadius: 'inherit',
        }}
      >
        <CircularProgress />
      </Box>
    </Fade>
  );
}
