import Box from '@mui/material/Box';
import { usePublicConfig } from '../api/publicConfig';

/**
 * CONTRACT §8: while the payment emulator runs (no Stripe keys), every page says so: an amber line
 * along the top of the window with a 'Test mode' tab in its middle. It is fixed, so it moves nothing
 * on the page when it appears (the prerendered pages do not shift), and it lets clicks through.
 * Nothing shows until the server has said which mode it is in, nor when that call fails.
 */
export function TestModeRibbon() {
  const config = usePublicConfig();
  if (config.data?.paymentMode !== 'emulator') return null;
  return (
    <Box
      role="note"
      aria-label="Test mode: payments go through the payment emulator, no card is charged"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        borderTop: 3,
        borderColor: 'warning.main',
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          bgcolor: 'warning.main',
          color: 'warning.contrastText',
          fontSize: '0.625rem',
          fontWeight: 700,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          lineHeight: 1,
          px: 1,
          py: '3px',
          borderBottomLeftRadius: 6,
          borderBottomRightRadius: 6,
        }}
      >
        Test mode
      </Box>
    </Box>
  );
}
