import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/queryClient';
import { callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { isHttpUrl, PUBLIC_CONFIG_KEY } from '../features/booking/api';
import { BOOKING_FRAME_TIMEOUT_MS } from '../features/booking/constants';
import { BookingPage } from './BookingPage';

const page = (
  <Routes>
    <Route path="/booking" element={<BookingPage />} />
  </Routes>
);
const BOOKING_URL = 'https://calendar.example.com/studio';

/** Renders /booking with the public config already known, so the frame mounts at once. */
function renderWithConfig(bookingUrl: string | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(PUBLIC_CONFIG_KEY, { bookingUrl });
  return renderWithApp(page, { route: '/booking', user: client, queryClient });
}

const unavailable = () => screen.queryByRole('heading', { name: 'Booking System Unavailable' });
const newTabLink = () => screen.queryByRole('link', { name: 'Open booking page in a new tab' });

describe('Book a Session', () => {
  it('reads GET /api/public-config and embeds the booking page', async () => {
    const spy = mockFetch({ 'GET /api/public-config': { body: { bookingUrl: BOOKING_URL } } });
    renderWithApp(page, { route: '/booking', user: client });
    expect(screen.getByRole('heading', { level: 1, name: 'Book a Session' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Booking calendar');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', BOOKING_URL);
    expect(frame).toHaveStyle({ height: '1200px', width: '100%' });
    expect(callsTo(spy, 'GET /api/public-config')).toHaveLength(1);
  });

  it("shows 'Booking System Unavailable' when no booking URL is configured", async () => {
    mockFetch({ 'GET /api/public-config': { body: { bookingUrl: null } } });
    renderWithApp(page, { route: '/booking', user: client });
    expect(await screen.findByRole('heading', { name: 'Booking System Unavailable' })).toBeInTheDocument();
    expect(screen.getByText('Online booking is not set up yet. Please contact the studio to book your session.')).toBeInTheDocument();
    expect(screen.queryByTitle('Booking calendar')).not.toBeInTheDocument();
    expect(newTabLink()).not.toBeInTheDocument();
  });

  it("shows 'Booking System Unavailable' when the configuration cannot be read", async () => {
    mockFetch({ 'GET /api/public-config': { status: 500, body: { statusCode: 500, message: 'boom' } } });
    renderWithApp(page, { route: '/booking', user: client });
    expect(await screen.findByRole('heading', { name: 'Booking System Unavailable' })).toBeInTheDocument();
    expect(screen.queryByTitle('Booking calendar')).not.toBeInTheDocument();
  });

  it('covers the frame with a loading overlay until the frame has loaded, with the new-tab fallback', () => {
    renderWithConfig(BOOKING_URL);
    const frame = screen.getByTitle('Booking calendar');
    expect(screen.getByRole('status')).toHaveTextContent('Loading booking calendar...');
    const link = newTabLink();
    expect(link).toHaveAttribute('href', BOOKING_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');

    fireEvent.load(frame);
    expect(screen.queryByText('Loading booking calendar...')).not.toBeInTheDocument();
    expect(screen.getByTitle('Booking calendar')).toBeInTheDocument();
    expect(newTabLink()).toBeInTheDocument();
    expect(unavailable()).not.toBeInTheDocument();
  });

  it("a frame that has not loaded after the timeout gives way to 'Booking System Unavailable' with the fallback", () => {
    vi.useFakeTimers();
    renderWithConfig(BOOKING_URL);
    expect(screen.getByText('Loading booking calendar...')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(BOOKING_FRAME_TIMEOUT_MS - 1));
    expect(screen.getByText('Loading booking calendar...')).toBeInTheDocument();
    expect(unavailable()).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(unavailable()).toBeInTheDocument();
    expect(screen.queryByTitle('Booking calendar')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading booking calendar...')).not.toBeInTheDocument();
    expect(newTabLink()).toHaveAttribute('href', BOOKING_URL);
  });

  it('a frame that loaded in time stays after the timeout', () => {
    vi.useFakeTimers();
    renderWithConfig(BOOKING_URL);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.load(screen.getByTitle('Booking calendar'));
    act(() => vi.advanceTimersByTime(BOOKING_FRAME_TIMEOUT_MS * 2));
    expect(screen.getByTitle('Booking calendar')).toBeInTheDocument();
    expect(unavailable()).not.toBeInTheDocument();
  });

  it('the timeout is 15 seconds', () => {
    expect(BOOKING_FRAME_TIMEOUT_MS).toBe(15_000);
  });

  it.each(['javascript:alert(1)', 'calendar.example.com/studio', 'ftp://calendar.example.com/'])(
    'does not embed or link a non-http(s) URL (%s)',
    (url) => {
      renderWithConfig(url);
      expect(unavailable()).toBeInTheDocument();
      expect(screen.queryByTitle('Booking calendar')).not.toBeInTheDocument();
      expect(newTabLink()).not.toBeInTheDocument();
    },
  );
});

describe('isHttpUrl', () => {
  it('accepts only absolute http and https URLs', () => {
    expect(isHttpUrl('https://a.example/x')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:3913/api/health')).toBe(true);
    expect(isHttpUrl('HTTPS://A.EXAMPLE')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,hi')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });
});
