import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';

class PublicConfigResponse {
  @ApiProperty({ example: 'https://calendly.com/studio/session', nullable: true, type: String }) bookingUrl: string | null;
}

/** Settings the browser needs from the server rather than from the build. */
@ApiTags('config')
@Controller('public-config')
export class PublicConfigController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Public settings for the browser (booking page address)' })
  @ApiOkResponse({ type: PublicConfigResponse })
  get(): PublicConfigResponse {
    return { bookingUrl: this.config.bookingUrl ?? null };
  }
}
