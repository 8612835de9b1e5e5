import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Centred spinner shown while the session or a lazy chunk loads. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
