/** How long the booking frame may take to load before the page shows 'Booking System Unavailable'. */
export const BOOKING_FRAME_TIMEOUT_MS = 15_000;

/** Spec §9: the scheduling frame is 1200 px high. */
export const BOOKING_FRAME_HEIGHT_PX = 1200;
