import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { OpenBookingPageButton } from './OpenBookingPageButton';

export const BOOKING_NOT_SET_UP_TEXT = 'Online booking is not set up yet. Please contact the studio to book your session.';

interface BookingUnavailableProps {
  /** why the calendar is not shown */
  message: string;
  /** when given, the new-tab fallback is offered */
  fallbackUrl?: string;
}

/** 'Booking System Unavailable': no booking URL configured, or the calendar could not be loaded. */
export function BookingUnavailable({ message, fallbackUrl }: BookingUnavailableProps) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby="booking-unavailable-title"
      sx={{ px: { xs: 3, sm: 6 }, py: { xs: 6, sm: 8 }, textAlign: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(245, 158, 11, 0.14)',
          color: '#b45309',
        }}
      >
        <EventBusyOutlined sx={{ fontSize: 32 }} />
      </Box>
      <Typography id="booking-unavailable-title" variant="h6" component="h2">
        Booking System Unavailable
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
        {message}
      </Typography>
      {fallbackUrl && (
        <Box sx={{ mt: 3 }}>
          <OpenBookingPageButton url={fallbackUrl} variant="contained" />
        </Box>
      )}
    </Paper>
  );
}
