import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiConflictResponse,
} from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { EmailVerification, LINK_INVALID, VERIFIED } from '../../application/email-verification/email-verification';
import type { User } from '../../domain/user';
import { SuccessResponse } from './dto/user.response';

export class VerifyEmailRequest {
  @ApiProperty({ description: 'The token of the link /verify-email?token=…', example: 'q3V9…', maxLength: 200 })
  @IsString({ message: LINK_INVALID })
  @MaxLength(200, { message: LINK_INVALID })
  token: string;
}

@ApiTags('account')
@Controller('verify-email')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerification) {}

  @Post()
  @Access.public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'verifyEmail',
    summary: 'Verify an e-mail address',
    description: 'Uses a verification link (single use, 7 days): the account’s e-mail address is verified',
  })
  @ApiOkResponse({ type: SuccessResponse })
  async verify(@Body() body: VerifyEmailRequest): Promise<SuccessResponse> {
    await this.verification.verify(body.token);
    return { success: true, message: VERIFIED };
  }

  @Post('resend')
  @Access.session()
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Resend the verification link', description: 'Sends the signed-in account a new verification link (5 an hour)' })
  @ApiConflictResponse({ description: 'The e-mail address is already verified (`EMAIL.ALREADY_VERIFIED`)' })
  @ApiTooManyRequestsResponse({ description: 'More than 5 links in an hour (`EMAIL.TOO_MANY_LINKS`)' })
  @ApiOkResponse({ type: SuccessResponse })
  async resend(@CurrentUser() user: User): Promise<SuccessResponse> {
    const email = await this.verification.resend(user.id);
    return { success: true, message: `We sent a new verification link to ${email}.` };
  }
}
