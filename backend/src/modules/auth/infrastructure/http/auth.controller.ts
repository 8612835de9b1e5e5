import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AuthRateLimitGuard } from './auth-rate-limit.guard';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SuccessResponse, UserResponse } from '../../../clients';
import type { User } from '../../../clients';
import { requestUser } from '../../../../shared/auth/request-user';
import { UnauthenticatedError } from '../../../../shared/errors/domain-error';
import { RegisterHandler } from '../../application/register/register.handler';
import { RequestResetCodeHandler, RESET_REQUEST_ANSWER } from '../../application/request-reset-code/request-reset-code.handler';
import { ResetPasswordHandler } from '../../application/reset-password/reset-password.handler';
import { LoginRequest } from './dto/login.request';
import { RegisterRequest } from './dto/register.request';
import { RequestCodeRequest, ResetPasswordRequest } from './dto/reset.request';
import { endSession } from '../../../../shared/session/request-session';
import { LocalAuthGuard } from './local.strategy';
import { signIn, REMEMBER_ME_MS } from './session';

@ApiTags('session')
@Controller()
export class AuthController {
  constructor(
    private readonly registerHandler: RegisterHandler,
    private readonly requestCode: RequestResetCodeHandler,
    private readonly resetPassword: ResetPasswordHandler,
  ) {}

  @Get('user')
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResponse })
  @ApiUnauthorizedResponse({ description: 'Nobody is signed in' })
  currentUser(@Req() req: FastifyRequest): UserResponse {
    const user = requestUser<User>(req);
    if (!user) throw new UnauthenticatedError('AUTH.NOT_SIGNED_IN', 'Not signed in');
    return user.toPublic();
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard, LocalAuthGuard)
  @ApiOperation({ summary: 'Sign in; starts a new session (new session id)' })
  @ApiOkResponse({ type: UserResponse })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many tries from this address, or on this account' })
  async login(@Body() body: LoginRequest, @Req() req: FastifyRequest): Promise<UserResponse> {
    const user = requestUser<User>(req)!;
    await signIn(req, user, body.rememberMe ? REMEMBER_ME_MS : null);
    return user.toPublic();
  }

  @Post('register')
  @UseGuards(AuthRateLimitGuard)
  @ApiCookieAuth()
  @ApiOperation({
    summary: 'Create an account',
    description: 'Public registration creates a client and signs them in. An admin may send a role; the admin stays signed in as themself.',
  })
  @ApiCreatedResponse({ type: UserResponse })
  async register(@Body() body: RegisterRequest, @Req() req: FastifyRequest): Promise<UserResponse> {
    const actor = requestUser<User>(req);
    const user: User = await this.registerHandler.execute({
      username: body.username,
      email: body.email,
      password: body.password,
      role: body.role,
      invite: body.invite,
      actor,
    });
    if (!actor?.isAdmin) await signIn(req, user, null);
    return user.toPublic();
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: the session is destroyed on the server' })
  @ApiNoContentResponse()
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await endSession(req, res);
  }

  @Post('verify/request-code')
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({ summary: 'E-mail a 6-digit password reset code; the same answer whether or not the account exists' })
  @ApiOkResponse({ type: SuccessResponse })
  async requestResetCode(@Body() body: RequestCodeRequest): Promise<SuccessResponse> {
    await this.requestCode.execute({ email: body.email });
    return { success: true, message: RESET_REQUEST_ANSWER };
  }

  @Post('verify/reset-password')
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({ summary: 'Set a new password with the e-mailed code; ends every session of the account' })
  @ApiOkResponse({ type: SuccessResponse })
  async reset(@Body() body: ResetPasswordRequest): Promise<SuccessResponse> {
    await this.resetPassword.execute({ email: body.email, code: body.code, newPassword: body.newPassword });
    return { success: true, message: 'Your password has been reset successfully.' };
  }
}
