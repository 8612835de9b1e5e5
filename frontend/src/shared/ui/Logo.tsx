import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STUDIO_NAME } from './brand';

interface LogoProps {
  /** 'light' for dark backgrounds */
  tone?: 'dark' | 'light';
  size?: 'small' | 'medium';
}

/** The studio's logo: a camera mark and the studio name. */
export function Logo({ tone = 'dark', size = 'medium' }: LogoProps) {
  const mark = size === 'small' ? 32 : 40;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: mark,
          height: mark,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: tone === 'light' ? 'rgba(255,255,255,0.14)' : 'primary.main',
          color: '#fff',
          flexShrink: 0,
        }}
      >
        <CameraAltOutlined fontSize={size === 'small' ? 'small' : 'medium'} />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size === 'small' ? '1.05rem' : '1.2rem',
          letterSpacing: '-0.01em',
          color: tone === 'light' ? '#fff' : 'text.primary',
        }}
      >
        {STUDIO_NAME}
      </Typography>
    </Box>
  );
}
