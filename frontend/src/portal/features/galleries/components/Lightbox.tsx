import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Photo } from '../../../../shared/api/schema';

/** A horizontal move of at least this many pixels (and more sideways than up or down) is a swipe. */
export const SWIPE_PX = 50;

export interface LightboxProps {
  /** the photo shown, or null when closed */
  index: number | null;
  total: number;
  photoAt: (index: number) => Photo | undefined;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onToggleFavorite: (photo: Photo) => void;
  /** unpaid: the download button is 'Pay to download', which calls this */
  onPay?: () => void;
}

const dark = '#0b0f17';

/**
 * One photo at a time, as large as the screen allows: a modal dialog (MUI's: focus kept inside,
 * Escape closes), the arrow keys and the buttons move, a swipe moves on a phone. The preview is the
 * watermarked one until the project is paid (the server decides, decision 0029).
 */
export function Lightbox({ index, total, photoAt, onIndexChange, onClose, onToggleFavorite, onPay }: LightboxProps) {
  const titleId = useId();
  const open = index !== null;
  const current = index ?? 0;
  const photo = open ? photoAt(current) : undefined;
  const hasPrev = current > 0;
  const hasNext = current < total - 1;
  const go = (to: number) => {
    if (to >= 0 && to < total) onIndexChange(to);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(current - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(current + 1);
    }
  };

  const swipeStart = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeStart.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? current + 1 : current - 1);
  };

  // the neighbours' previews, fetched while this one is looked at
  const prevUrl = open ? photoAt(current - 1)?.previewUrl : undefined;
  const nextUrl = open ? photoAt(current + 1)?.previewUrl : undefined;
  useEffect(() => {
    for (const url of [nextUrl, prevUrl]) if (url) new Image().src = url;
  }, [prevUrl, nextUrl]);

  const sideButton = { color: '#fff', bgcolor: 'rgba(255,255,255,0.12)', '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' } } as const;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: dark, color: '#fff' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 1, minHeight: 56 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
            {photo?.filename ?? 'Photo'}
          </Typography>
          <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.7)' }} aria-live="polite">
            {current + 1} of {total}
          </Typography>
        </Box>
        {photo && (
          <IconButton
            aria-label={photo.favorite ? 'Remove from favorites' : 'Add to favorites'}
            aria-pressed={photo.favorite}
            onClick={() => onToggleFavorite(photo)}
            sx={{ color: photo.favorite ? '#fb7185' : '#fff' }}
          >
            {photo.favorite ? <Favorite /> : <FavoriteBorder />}
          </IconButton>
        )}
        {photo?.downloadUrl ? (
          <IconButton
            component="a"
            href={photo.downloadUrl}
            download={photo.filename}
            aria-label={`Download ${photo.filename}`}
            sx={{ color: '#fff' }}
          >
            <Download />
          </IconButton>
        ) : (
          onPay && (
            <Button size="small" variant="contained" startIcon={<LockOutlined />} onClick={onPay} sx={{ whiteSpace: 'nowrap' }}>
              Pay to download
            </Button>
          )
        )}
        <IconButton aria-label="Close" onClick={onClose} sx={{ color: '#fff' }}>
          <Close />
        </IconButton>
      </Box>

      <Box
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          touchAction: 'pan-y pinch-zoom',
          userSelect: 'none',
          px: { xs: 0, sm: 9 },
          pb: { xs: 0, sm: 2 },
        }}
      >
        {photo?.previewUrl ? (
          <Box
            key={photo.id}
            component="img"
            src={photo.previewUrl}
            alt={photo.filename}
            draggable={false}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <CircularProgress aria-label="Loading photo" sx={{ color: '#fff' }} />
        )}
        <IconButton
          aria-label="Previous photo"
          onClick={() => go(current - 1)}
          disabled={!hasPrev}
          sx={{ ...sideButton, position: 'absolute', left: { xs: 4, sm: 16 } }}
        >
          <ChevronLeft fontSize="large" />
        </IconButton>
        <IconButton
          aria-label="Next photo"
          onClick={() => go(current + 1)}
          disabled={!hasNext}
          sx={{ ...sideButton, position: 'absolute', right: { xs: 4, sm: 16 } }}
        >
          <ChevronRight fontSize="large" />
        </IconButton>
      </Box>
    </Dialog>
  );
}
