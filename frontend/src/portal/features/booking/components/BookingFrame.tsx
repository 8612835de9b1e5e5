import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { BOOKING_FRAME_HEIGHT_PX, BOOKING_FRAME_TIMEOUT_MS } from '../constants';
import { BookingUnavailable } from './BookingUnavailable';
import { OpenBookingPageButton } from './OpenBookingPageButton';

type FrameState = 'loading' | 'loaded' | 'failed';

export const BOOKING_LOAD_FAILED_TEXT =
  'The booking calendar could not be loaded. You can open the booking page in a new tab instead, or contact the studio to book your session.';

/**
 * The third-party scheduling page in a 1200 px frame, covered by a loading overlay until the frame's
 * load event. Without a load event within BOOKING_FRAME_TIMEOUT_MS the frame gives way to
 * 'Booking System Unavailable'. The new-tab fallback is offered throughout.
 * Mount it with `key={url}` so that a new URL starts over.
 */
export function BookingFrame({ url }: { url: string }) {
  const [state, setState] = useState<FrameState>('loading');

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), BOOKING_FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'failed') return <BookingUnavailable message={BOOKING_LOAD_FAILED_TEXT} fallbackUrl={url} />;

  const loading = state === 'loading';
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          Pick a date and time that suits you. Trouble seeing the calendar? Open it in its own tab.
        </Typography>
        <OpenBookingPageButton url={url} />
      </Box>
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }} aria-busy={loading || undefined}>
        <Box
          component="iframe"
          src={url}
          title="Booking calendar"
          onLoad={() => setState('loaded')}
          referrerPolicy="strict-origin-when-cross-origin"
          sx={{ display: 'block', width: '100%', height: BOOKING_FRAME_HEIGHT_PX, border: 0, bgcolor: 'background.paper' }}
        />
        {loading && (
          <Box
            role="status"
            sx={{
              position: 'absolute',
              inset: 0,
              bgcolor: 'background.paper',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'flex-start',
              pt: { xs: 12, md: 20 },
              gap: 2,
            }}
          >
            <CircularProgress aria-hidden />
            <Typography color="text.secondary">Loading booking calendar...</Typography>
          </Box>
        )}
      </Paper>
    </>
  );
}
