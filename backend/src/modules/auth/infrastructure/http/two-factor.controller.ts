import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { TwoFactorSettings } from '../../application/two-factor/two-factor-settings';
import {
  RecoveryCodesResponse,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorSetupRequest,
  TwoFactorSetupResponse,
} from './dto/two-factor.dto';

@ApiTags('session')
@ApiCookieAuth()
@Access.session()
@Controller('2fa')
export class TwoFactorController {
  constructor(private readonly settings: TwoFactorSettings) {}

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set up two-factor sign-in',
    description: 'Start two-factor sign-in: a new secret for an authenticator app (a QR code of otpauthUrl)',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords (`AUTH.ACCOUNT_LOCKED`)' })
  @ApiOkResponse({ type: TwoFactorSetupResponse })
  @ApiBadRequestResponse({ description: 'errors.currentPassword: missing or wrong' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  setup(@CurrentUser() user: SignedInAccount, @Body() body: TwoFactorSetupRequest): Promise<TwoFactorSetupResponse> {
    return this.settings.setup(user.id, body.currentPassword);
  }

  @Post('enable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Turn on two-factor sign-in',
    description: 'Turn two-factor sign-in on with a first code from the app; answers 10 single-use recovery codes, shown once',
  })
  @ApiOkResponse({ type: RecoveryCodesResponse })
  @ApiBadRequestResponse({ description: 'errors.code: not a current code of the secret set up' })
  @ApiConflictResponse({ description: 'Not set up, or already on' })
  enable(@CurrentUser() user: SignedInAccount, @Body() body: TwoFactorEnableRequest): Promise<RecoveryCodesResponse> {
    return this.settings.enable(user.id, body.code);
  }

  @Post('disable')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Turn off two-factor sign-in',
    description: 'Turn two-factor sign-in off: the current password and a code from the app (or a recovery code)',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords or codes (`AUTH.ACCOUNT_LOCKED`)' })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ description: 'errors.currentPassword or errors.code' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is off' })
  async disable(@CurrentUser() user: SignedInAccount, @Body() body: TwoFactorDisableRequest): Promise<void> {
    await this.settings.disable(user.id, body.currentPassword, body.code);
  }
}
