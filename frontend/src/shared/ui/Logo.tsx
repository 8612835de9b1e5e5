import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useStudio } from '../studio/studio';

/** The logo fitted into its square, whatever its shape. */
const LogoImage = styled('img')({ objectFit: 'contain', flexShrink: 0, borderRadius: 8, boxSizing: 'border-box' });

interface LogoProps {
  /** 'light' for dark backgrounds */
  tone?: 'dark' | 'light';
  size?: 'small' | 'medium';
}

/**
 * The studio's logo and name (CONTRACT §13): its uploaded logo, fitted into the square the camera mark
 * takes without one (its width and height set, so nothing moves when it loads), and its name beside it.
 */
export function Logo({ tone = 'dark', size = 'medium' }: LogoProps) {
  const studio = useStudio();
  const mark = size === 'small' ? 32 : 40;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      {studio.logoUrl ? (
        <LogoImage
          src={studio.logoUrl}
          alt={studio.name}
          width={mark}
          height={mark}
          // on a dark panel the logo sits on a white tile, as logos are drawn for white paper
          sx={tone === 'light' ? { bgcolor: '#fff', p: 0.5 } : undefined}
        />
      ) : (
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
      )}
      <Typography
        component="span"
        noWrap
        sx={{
          fontWeight: 700,
          fontSize: size === 'small' ? '1.05rem' : '1.2rem',
          letterSpacing: '-0.01em',
          color: tone === 'light' ? '#fff' : 'text.primary',
        }}
      >
        {studio.name}
      </Typography>
    </Box>
  );
}
