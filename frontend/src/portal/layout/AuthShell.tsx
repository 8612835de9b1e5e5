import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useStudio } from '../../shared/studio/studio';
import { TAGLINE } from '../../shared/ui/brand';
import { Logo } from '../../shared/ui/Logo';

const highlights = [
  { icon: <LockOutlined fontSize="small" />, text: 'Secure access to your projects' },
  { icon: <CreditCardOutlined fontSize="small" />, text: 'Easy online payment' },
  { icon: <CloudDownloadOutlined fontSize="small" />, text: 'Instant access to your photos' },
];

interface AuthShellProps {
  /** The card's heading (h1) */
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * Public pages (sign-in, password reset): a brand panel with the tagline and a form card.
 * Two columns from md up; on small screens the brand panel becomes a compact header.
 */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const studio = useStudio();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(380px, 5fr) 7fr' },
        // On a phone the brand panel keeps its own height and the form's row takes the rest of the
        // screen: stretched rows let the panel fill the screen while the page's HTML was still arriving,
        // then jump back up under the form (a layout shift Lighthouse measured on slow phones).
        gridTemplateRows: { xs: 'auto 1fr', md: '1fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="aside"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          color: '#fff',
          px: { xs: 3, sm: 5, md: 6, lg: 8 },
          py: { xs: 3, md: 6 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: { xs: 2, md: 6 },
          // The studio's accent (the theme's CSS variables: the same class name whatever the accent), darkening
          // towards the bottom: white text keeps at least the accent's own contrast (≥ 4.5:1) everywhere.
          background: `radial-gradient(90% 70% at 100% 100%, rgba(245, 158, 11, 0.22) 0%, transparent 60%),
            linear-gradient(160deg, var(--mui-palette-primary-main) 0%, color-mix(in srgb, var(--mui-palette-primary-main), #000 55%) 100%)`,
        }}
      >
        <Logo tone="light" />
        <Box sx={{ maxWidth: 520 }}>
          <Typography
            component="p"
            sx={{
              fontSize: { xs: '0.95rem', md: '1.7rem', lg: '2rem' },
              lineHeight: { xs: 1.5, md: 1.3 },
              fontWeight: { xs: 400, md: 600 },
              letterSpacing: { md: '-0.015em' },
              opacity: { xs: 0.9, md: 1 },
            }}
          >
            {TAGLINE}
          </Typography>
          <Box component="ul" sx={{ display: { xs: 'none', md: 'grid' }, gap: 1.5, listStyle: 'none', p: 0, mt: 4, mb: 0 }}>
            {highlights.map((h) => (
              <Box component="li" key={h.text} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, opacity: 0.92 }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 34,
                    height: 34,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(255,255,255,0.12)',
                  }}
                >
                  {h.icon}
                </Box>
                <Typography>{h.text}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.6 }}>
          © {new Date().getFullYear()} {studio.name}
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{ display: 'flex', alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'center', px: 2, py: { xs: 3, md: 6 } }}
      >
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 460,
            p: { xs: 3, sm: 4 },
            borderColor: 'divider',
            boxShadow: '0 1px 2px rgba(15,23,42,0.04), 0 12px 32px rgba(15,23,42,0.06)',
          }}
        >
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.75 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
      </Box>
    </Box>
  );
}
