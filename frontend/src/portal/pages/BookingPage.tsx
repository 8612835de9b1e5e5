import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../shared/ui/PageHeader';
import { isHttpUrl } from '../features/booking/api';
import { BookingFrame } from '../features/booking/components/BookingFrame';
import { BOOKING_NOT_SET_UP_TEXT, BookingUnavailable } from '../features/booking/components/BookingUnavailable';
import { usePublicConfig } from '../features/booking/hooks';

export const BOOKING_CONFIG_FAILED_TEXT =
  'The booking system could not be reached. Please try again later or contact the studio to book your session.';
export const BOOKING_URL_INVALID_TEXT = 'The booking page is not configured correctly. Please contact the studio to book your session.';

function BookingContent() {
  const config = usePublicConfig();

  if (config.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (config.isError) return <BookingUnavailable message={BOOKING_CONFIG_FAILED_TEXT} />;

  const url = config.data?.bookingUrl?.trim();
  if (!url) return <BookingUnavailable message={BOOKING_NOT_SET_UP_TEXT} />;
  // Only http(s) pages are embedded or linked (a javascript: or relative address never is).
  if (!isHttpUrl(url)) return <BookingUnavailable message={BOOKING_URL_INVALID_TEXT} />;
  return <BookingFrame key={url} url={url} />;
}

/** /booking: Book a Session, the studio's scheduling page embedded. */
export function BookingPage() {
  return (
    <>
      <PageHeader title="Book a Session" subtitle="Choose a date and time for your next photo session." />
      <BookingContent />
    </>
  );
}
