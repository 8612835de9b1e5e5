import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { Access } from '../auth/access';

class PublicConfigResponse {
  @ApiProperty({ example: 'https://calendly.com/studio/session', nullable: true, type: String }) bookingUrl: string | null;
  @ApiProperty({ enum: ['stripe', 'emulator'], description: 'emulator when STRIPE_SECRET_KEY is unset' }) paymentMode:
    'stripe' | 'emulator';
  @ApiProperty({ nullable: true, type: String, example: 'pk_test_…' }) stripePublishableKey: string | null;
}

/** Settings the browser needs from the server rather than from the build. */
@ApiTags('config')
@Controller('public-config')
export class PublicConfigController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @Access.public('read')
  @ApiOperation({
    summary: 'Get public settings',
    description: 'Public settings for the browser: booking page, payment mode and publishable key',
  })
  @ApiOkResponse({ type: PublicConfigResponse })
  get(): PublicConfigResponse {
    return {
      bookingUrl: this.config.bookingUrl ?? null,
      paymentMode: this.config.paymentMode,
      stripePublishableKey: this.config.paymentMode === 'stripe' ? (this.config.stripePublishableKey ?? null) : null,
    };
  }
}
