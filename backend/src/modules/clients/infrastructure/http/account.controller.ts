import { Body, Controller, Delete, HttpCode, Patch, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiConflictResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endSession, sessionIdOf } from '../../../../shared/session/request-session';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { DeleteAccountHandler } from '../../application/delete-account/delete-account.handler';
import { UpdateAccountHandler } from '../../application/update-account/update-account.handler';
import type { User } from '../../domain/user';
import { UpdateAccountRequest } from './dto/update-account.request';
import { SuccessResponse, UserResponse } from './dto/user.response';

@ApiTags('account')
@ApiCookieAuth()
@Controller()
@Access.session()
export class AccountController {
  constructor(
    private readonly updateAccount: UpdateAccountHandler,
    private readonly deleteAccount: DeleteAccountHandler,
  ) {}

  @Patch('update-account')
  @ApiOperation({ summary: 'Update own account', description: 'Change the signed-in user’s name, e-mail, company or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords (`AUTH.ACCOUNT_LOCKED`)' })
  @ApiConflictResponse({ description: 'The e-mail address or the name is taken (`USERS.EMAIL_TAKEN`, `USERS.USERNAME_TAKEN`)' })
  @ApiOkResponse({ type: UserResponse })
  async update(@CurrentUser() user: User, @Body() body: UpdateAccountRequest, @Req() req: FastifyRequest): Promise<UserResponse> {
    const updated = await this.updateAccount.execute({
      userId: user.id,
      username: body.username,
      email: body.email,
      company: body.company ?? null,
      password: body.password,
      currentPassword: body.currentPassword,
      currentSessionId: sessionIdOf(req) ?? '',
    });
    return updated.toPublic();
  }

  @Delete('delete-account')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete own account',
    description: 'Delete the signed-in user’s account; its payments and credit history stay readable',
  })
  @ApiConflictResponse({ description: 'The last admin cannot delete their account (`USERS.LAST_ADMIN`)' })
  @ApiOkResponse({ type: SuccessResponse })
  async remove(
    @CurrentUser() user: User,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SuccessResponse> {
    await this.deleteAccount.execute({ userId: user.id });
    await endSession(req, res);
    return { success: true, message: 'Your account has been deleted.' };
  }
}
