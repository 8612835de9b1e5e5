import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Access } from '../../../../shared/auth/access';
import { AppConfig } from '../../../../shared/config/app-config';
import { StudioSettings } from '../../../studio';

class PublicConfigResponse {
  @ApiProperty({ example: 'https://calendly.com/studio/session', nullable: true, type: String }) bookingUrl: string | null;
  @ApiProperty({ enum: ['stripe', 'emulator'], description: 'emulator when STRIPE_SECRET_KEY is unset' }) paymentMode:
    'stripe' | 'emulator';
  @ApiProperty({ nullable: true, type: String, example: 'pk_test_…' }) stripePublishableKey: string | null;
}

/**
 * Settings the browser needs from the server rather than from the build: how cards are paid, and the
 * booking page (the studio's own from Studio Settings, else BOOKING_URL, CONTRACT §13).
 */
@ApiTags('config')
@Controller('public-config')
export class PublicConfigController {
  constructor(
    private readonly config: AppConfig,
    private readonly studio: StudioSettings,
  ) {}

  @Get()
  @Access.public('read')
  @ApiOperation({
    summary: 'Get public settings',
    description: 'Public settings for the browser: booking page, payment mode and publishable key',
  })
  @ApiOkResponse({ type: PublicConfigResponse })
  async get(): Promise<PublicConfigResponse> {
    return {
      bookingUrl: (await this.studio.current()).props.bookingUrl ?? this.config.bookingUrl ?? null,
      paymentMode: this.config.paymentMode,
      stripePublishableKey: this.config.paymentMode === 'stripe' ? (this.config.stripePublishableKey ?? null) : null,
    };
  }
}
