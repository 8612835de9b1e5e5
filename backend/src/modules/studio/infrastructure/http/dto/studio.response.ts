import { ApiProperty } from '@nestjs/swagger';

/** GET /api/studio (public): what every page shows of the studio; nothing secret. */
export class PublicStudioResponse {
  @ApiProperty({ example: 'Studio Portal' }) name: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '/api/studio/logo?v=3',
    description: 'Changes with each upload; null without a logo',
  })
  logoUrl: string | null;
  @ApiProperty({ example: '#1e3a8a' }) accentColor: string;
  @ApiProperty({ example: '' }) email: string;
  @ApiProperty({ example: '' }) phone: string;
  @ApiProperty({ example: '' }) address: string;
  @ApiProperty({ example: '' }) website: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 'UTC' }) timeZone: string;
  @ApiProperty({ example: 'en-US' }) locale: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://calendly.com/studio',
    description: "The booking page in effect: the studio's, else BOOKING_URL, else null",
  })
  bookingUrl: string | null;
}

/** GET /api/studio/settings, PATCH /api/studio, the logo routes (admin session): every setting, for the Studio Settings page. */
export class StudioSettingsResponse {
  @ApiProperty({ example: 'Studio Portal' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/studio/logo?v=3' }) logoUrl: string | null;
  @ApiProperty({ example: '#1e3a8a' }) accentColor: string;
  @ApiProperty({ example: '' }) email: string;
  @ApiProperty({ example: '' }) phone: string;
  @ApiProperty({ example: '' }) address: string;
  @ApiProperty({ example: '' }) website: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 'UTC' }) timeZone: string;
  @ApiProperty({ example: 'en-US' }) locale: string;
  @ApiProperty({ example: 0, description: 'Percent, up to 3 decimals' }) taxRate: number;
  @ApiProperty({ example: 'Sales tax' }) taxName: string;
  @ApiProperty({ example: false }) taxInclusive: boolean;
  @ApiProperty({ example: '' }) invoiceTerms: string;
  @ApiProperty({ example: 14 }) paymentDueDays: number;
  @ApiProperty({ example: [-3, 0, 7], type: [Number] }) reminderDays: number[];
  @ApiProperty({ example: '', description: "'' sends as the studio's name" }) emailFromName: string;
  @ApiProperty({ example: '' }) replyTo: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: "The studio's booking page; null uses BOOKING_URL" })
  bookingUrl: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://calendly.com/studio',
    description: 'BOOKING_URL, used while bookingUrl is null',
  })
  defaultBookingUrl: string | null;
  @ApiProperty({ example: '2026-11-28T23:00:00.000Z' }) updatedAt: string;
}
