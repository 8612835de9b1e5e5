import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Access } from '../auth/access';

class HealthResponse {
  @ApiProperty({ example: 'ok' }) status: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  @Get()
  @Access.public('read')
  @ApiOperation({ summary: 'Check health', description: '200 once the database answers, 503 otherwise' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ description: 'The database is not answering' })
  async check(): Promise<HealthResponse> {
    try {
      await this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
      return { status: 'ok' };
    } catch {
      throw new HttpException('The database is not answering', HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}
