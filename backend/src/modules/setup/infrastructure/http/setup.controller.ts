import { Body, Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthRateLimitGuard, signIn } from '../../../auth';
import { UserResponse } from '../../../clients';
import { Access } from '../../../../shared/auth/access';
import { CompleteSetupHandler } from '../../application/complete-setup/complete-setup.handler';
import { CompleteSetupRequest, SetupNeededResponse } from './dto/complete-setup.request';
import { SetupNeededGuard } from './setup-needed.guard';

/** The first run in the browser (CONTRACT §13): both routes exist only while the studio has no admin. */
@ApiTags('setup')
@Controller('setup')
@UseGuards(SetupNeededGuard)
export class SetupController {
  constructor(private readonly completeSetup: CompleteSetupHandler) {}

  @Get()
  @Access.public()
  @ApiOperation({
    operationId: 'getSetup',
    summary: 'Whether the first run is needed',
    description: 'While the studio has no admin (and ADMIN_EMAIL is not set): `{needed: true}`. Afterwards this route is a 404.',
  })
  @ApiOkResponse({ type: SetupNeededResponse })
  @ApiNotFoundResponse({ description: 'Setup is done' })
  status(): SetupNeededResponse {
    return { needed: true };
  }

  @Post()
  @Access.public()
  // each try counts toward the address's sign-in budget (AUTH_IP_LIMIT_PER_MIN), on top of the code's five
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    operationId: 'completeSetup',
    summary: 'Set up the studio',
    description:
      "Names the studio and creates its admin, with the one-time code printed in the server's console at start " +
      '(`SETUP CODE: 123-456`), and signs the admin in. A wrong code: 400 `SETUP.WRONG_CODE`; the fifth wrong one replaces the code ' +
      "(printed again): 400 `SETUP.CODE_REPLACED`. The fields follow registration's rules. After setup this route is a 404.",
  })
  @ApiCreatedResponse({ type: UserResponse })
  @ApiBadRequestResponse({ description: 'A field is not valid, or the code is not right (`SETUP.WRONG_CODE`, `SETUP.CODE_REPLACED`)' })
  @ApiConflictResponse({
    description: 'The e-mail address or the name is taken by a client account (`USERS.EMAIL_TAKEN`, `USERS.USERNAME_TAKEN`)',
  })
  @ApiNotFoundResponse({ description: 'Setup is done' })
  @ApiTooManyRequestsResponse({ description: 'Too many tries from this address (the sign-in budget, AUTH_IP_LIMIT_PER_MIN a minute)' })
  async complete(@Body() body: CompleteSetupRequest, @Req() req: FastifyRequest): Promise<UserResponse> {
    const admin = await this.completeSetup.execute({
      studioName: body.studioName,
      name: body.name,
      email: body.email,
      password: body.password,
      code: body.code,
      timeZone: body.timeZone,
    });
    await signIn(req, admin, null);
    return admin.toPublic();
  }
}
