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
  ApiExtraModels,
  getSchemaPath,
  ApiConflictResponse,
} from '@nestjs/swagger';
import { AuthRateLimitGuard } from './auth-rate-limit.guard';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SuccessResponse, UserResponse } from '../../../clients';
import type { User } from '../../../clients';
import { requestUser } from '../../../../shared/auth/request-user';
import { Access, type Credential } from '../../../../shared/auth/access';
import { CurrentCredential, CurrentUser } from '../../../../shared/auth/guards';
import { invalidCredentials } from '../../domain/auth.errors';
import { PasswordGuard } from './password.strategy';
import { RegisterHandler } from '../../application/register/register.handler';
import { RequestResetCodeHandler, RESET_REQUEST_ANSWER } from '../../application/request-reset-code/request-reset-code.handler';
import { ResetPasswordHandler } from '../../application/reset-password/reset-password.handler';
import { LoginRequest } from './dto/login.request';
import { RegisterRequest } from './dto/register.request';
import { RequestCodeRequest, ResetPasswordRequest } from './dto/reset.request';
import { endSession } from '../../../../shared/session/request-session';
import { signedOut } from '../../application/auth-audit';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { CompleteSignInHandler } from '../../application/two-factor/complete-sign-in.handler';
import { SecondProofRequest, SecondProofRequiredResponse } from './dto/two-factor.dto';
import { clearPendingCookie, PENDING_COOKIE, setPendingCookie } from './pending-cookie';
import { signIn, REMEMBER_ME_MS } from './session';

@ApiTags('session')
@Controller()
export class AuthController {
  constructor(
    private readonly registerHandler: RegisterHandler,
    private readonly completeSignInHandler: CompleteSignInHandler,
    private readonly audit: AuditTrail,
    private readonly requestCode: RequestResetCodeHandler,
    private readonly resetPassword: ResetPasswordHandler,
  ) {}

  @Get('user')
  @Access.client('read')
  @ApiOperation({ operationId: 'getCurrentUser', summary: 'Get the signed-in user' })
  @ApiOkResponse({ type: UserResponse })
  @ApiUnauthorizedResponse({ description: 'Nobody is signed in' })
  currentUser(@CurrentUser() user: User): UserResponse {
    return user.toPublic();
  }

  @Post('login')
  @HttpCode(200)
  @Access.public()
  @UseGuards(AuthRateLimitGuard, PasswordGuard)
  @ApiExtraModels(UserResponse, SecondProofRequiredResponse)
  @ApiOperation({
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Sign in; starts a new session (new session id). ' +
      'With the right password: the user, signed in; or, when the account has two-factor sign-in or many failed tries from many ' +
      'addresses were counted on it, `{twoFactorRequired: true, method}` and a pending sign-in (its own cookie, 5 minutes; 10 for an ' +
      'e-mailed code) that POST /api/login/2fa completes.',
  })
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(UserResponse) }, { $ref: getSchemaPath(SecondProofRequiredResponse) }] } })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many tries on this account from this address, or too many e-mailed codes' })
  async login(
    @Body() body: LoginRequest,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UserResponse | SecondProofRequiredResponse> {
    // The password strategy (PasswordGuard) has checked the credentials.
    const outcome = req.signInOutcome;
    if (!outcome) throw invalidCredentials();
    if (outcome.status === 'second_proof') {
      setPendingCookie(req, res, outcome.token, outcome.method);
      return { twoFactorRequired: true, method: outcome.method };
    }
    await signIn(req, outcome.user, body.rememberMe ? REMEMBER_ME_MS : null);
    return outcome.user.toPublic();
  }

  @Post('login/2fa')
  @HttpCode(200)
  @Access.public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: 'Complete a two-factor sign-in',
    description:
      'Complete a pending sign-in with its second proof. ' +
      '`code` (from the authenticator app, or the e-mailed one) or `recoveryCode`. A TOTP code and a recovery code count once. ' +
      'Wrong codes count toward the sign-in limits; 5 drop the pending sign-in. No pending sign-in in this browser, or an expired one: 401.',
  })
  @ApiOkResponse({ type: UserResponse })
  @ApiUnauthorizedResponse({ description: 'No pending sign-in in this browser, or it expired: sign in again' })
  @ApiTooManyRequestsResponse({ description: 'Too many tries on this account from this address' })
  async completeSignIn(
    @Body() body: SecondProofRequest,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UserResponse> {
    const { user, remember } = await this.completeSignInHandler.execute({
      token: req.cookies?.[PENDING_COOKIE],
      code: body.code,
      recoveryCode: body.recoveryCode,
      address: req.ip ?? null,
    });
    clearPendingCookie(req, res);
    await signIn(req, user, remember ? REMEMBER_ME_MS : null);
    return user.toPublic();
  }

  @Post('register')
  @Access.public('write')
  @UseGuards(AuthRateLimitGuard)
  @ApiCookieAuth()
  @ApiOperation({
    operationId: 'register',
    summary: 'Register an account',
    description:
      'Create an account. Public registration creates a client and signs them in. An admin may send a role; the admin stays signed in as themself. ' +
      "A write API token may create a client (verified, as the admin would); creating an admin needs the admin's session (403 `AUTH.SESSION_REQUIRED`).",
  })
  @ApiConflictResponse({ description: 'The e-mail address or the name is taken (`USERS.EMAIL_TAKEN`, `USERS.USERNAME_TAKEN`)' })
  @ApiCreatedResponse({ type: UserResponse })
  async register(
    @Body() body: RegisterRequest,
    @Req() req: FastifyRequest,
    @CurrentCredential() credential: Credential,
  ): Promise<UserResponse> {
    const actor = requestUser<User>(req);
    const user: User = await this.registerHandler.execute({
      username: body.username,
      email: body.email,
      password: body.password,
      role: body.role,
      invite: body.invite,
      actor,
      credential,
    });
    if (!actor?.isAdmin) await signIn(req, user, null);
    return user.toPublic();
  }

  @Post('logout')
  @HttpCode(204)
  @Access.public()
  @ApiOperation({ operationId: 'logout', summary: 'Sign out', description: 'Sign out: the session is destroyed on the server' })
  @ApiNoContentResponse()
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    // The session lives in the session store's own connection, outside any transaction: the event is
    // written first, so a sign-out that happened is always in the log.
    const user = requestUser<User>(req);
    if (user) await this.audit.record(signedOut(user));
    await endSession(req, res);
  }

  @Post('verify/request-code')
  @HttpCode(200)
  @Access.public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    summary: 'Request a password reset code',
    description: 'E-mail a 6-digit password reset code; the same answer whether or not the account exists',
  })
  @ApiOkResponse({ type: SuccessResponse })
  async requestResetCode(@Body() body: RequestCodeRequest): Promise<SuccessResponse> {
    await this.requestCode.execute({ email: body.email });
    return { success: true, message: RESET_REQUEST_ANSWER };
  }

  @Post('verify/reset-password')
  @HttpCode(200)
  @Access.public()
  @UseGuards(AuthRateLimitGuard)
  @ApiOperation({
    operationId: 'resetPassword',
    summary: 'Reset a password',
    description: 'Set a new password with the e-mailed code; ends every session of the account',
  })
  @ApiOkResponse({ type: SuccessResponse })
  async reset(@Body() body: ResetPasswordRequest): Promise<SuccessResponse> {
    await this.resetPassword.execute({ email: body.email, code: body.code, newPassword: body.newPassword });
    return { success: true, message: 'Your password has been reset successfully.' };
  }
}
