import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brand } from '../../shared/ui/theme';

/** Any unknown path: full-screen dark blue, centred alert icon, heading and text (spec §2). */
export function NotFoundPage() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        color: '#fff',
        background: `linear-gradient(160deg, ${brand.primary} 0%, ${brand.night} 100%)`,
      }}
    >
      <ErrorOutline aria-hidden sx={{ fontSize: 72, color: brand.accent }} />
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' } }}>
        404 Page Not Found
      </Typography>
      <Typography sx={{ maxWidth: 460, opacity: 0.85, fontSize: '1.1rem' }}>
        The page you are looking for doesn't exist or has been moved.
      </Typography>
    </Box>
  );
}
