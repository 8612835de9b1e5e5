import type { PublicStudio, StudioPatchRequest, StudioSettingsResponse } from '../../shared/api/schema';

/**
 * The Studio Settings page's shapes (CONTRACT §13): GET /api/studio/settings answers the whole object,
 * PATCH /api/studio takes any of its fields but `logoUrl` (the logo has its own calls).
 */
// the settings themselves: not BOOKING_URL's default or the clock, which the server only reports
export type StudioSettings = Omit<StudioSettingsResponse, 'defaultBookingUrl' | 'updatedAt'>;
export type StudioSettingsPatch = StudioPatchRequest;
export type { PublicStudio };
