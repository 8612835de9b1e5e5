import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiConflictResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { User } from '../../../clients';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { AdminEmailHandlers } from '../../application/admin-email.handlers';
import { MailServerProbe } from '../../application/ports/mail-server-probe';
import { OUTBOX_SORTS, OutboxItem, OutboxQueries } from '../persistence/outbox.queries';
import {
  CustomEmailRequest,
  CustomEmailResponse,
  EmailActionResponse,
  EmailStatusResponse,
  InvitationRequest,
  OutboxDetailResponse,
  OutboxItemResponse,
  TestEmailRequest,
} from './dto/email.dto';

/** The outbox page size when the caller gives no range: the outbox is never answered whole. */
const DEFAULT_OUTBOX_PAGE = 25;

/** Spec §7 "E-mail" and the outbox (CONTRACT §5): the admin's e-mail system. */
@ApiTags('email')
@ApiCookieAuth()
@Access.admin('write')
@Controller()
export class EmailController {
  constructor(
    private readonly handlers: AdminEmailHandlers,
    private readonly probe: MailServerProbe,
    private readonly queries: OutboxQueries,
  ) {}

  @Get('email-status')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'getEmailStatus',
    summary: 'Check e-mail delivery',
    description: 'Connect to the mail server and sign in, to tell whether e-mail can go out',
  })
  @ApiOkResponse({ type: EmailStatusResponse })
  status(): Promise<EmailStatusResponse> {
    return this.probe.check();
  }

  @Post('admin/test-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendTestEmail',
    summary: 'Send a test e-mail',
    description: 'Send a test of the welcome or project e-mail to any address',
  })
  @ApiOkResponse({ type: EmailActionResponse })
  testEmail(@Body() body: TestEmailRequest): Promise<EmailActionResponse> {
    return this.handlers.sendTest(body.email, body.type);
  }

  // A POST (it sends an e-mail): no link, prefetch or read-only token can send it (CONTRACT §12).
  @Post('send-test-welcome-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendTestWelcomeEmail',
    summary: 'Send a test welcome e-mail',
    description: "Send a test welcome e-mail to the admin's own address",
  })
  @ApiOkResponse({ type: EmailActionResponse })
  testWelcome(@CurrentUser() user: User): Promise<EmailActionResponse> {
    return this.handlers.sendTest(user.email, 'welcome', user.username);
  }

  // A POST (it sends an e-mail): no link, prefetch or read-only token can send it (CONTRACT §12).
  @Post('send-test-project-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendTestProjectEmail',
    summary: 'Send a test project e-mail',
    description: "Send a test project notification to the admin's own address",
  })
  @ApiOkResponse({ type: EmailActionResponse })
  testProject(@CurrentUser() user: User): Promise<EmailActionResponse> {
    return this.handlers.sendTest(user.email, 'project', user.username);
  }

  @Post('admin/send-client-invitation')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendClientInvitation',
    summary: 'Invite a client',
    description: 'Invite someone to register: the link opens Register pre-filled with their address',
  })
  @ApiConflictResponse({ description: 'The address already has an account (`EMAIL.ALREADY_REGISTERED`)' })
  @ApiOkResponse({ type: EmailActionResponse })
  invite(@Body() body: InvitationRequest): Promise<EmailActionResponse> {
    return this.handlers.invite(body);
  }

  @Post('admin/send-custom-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendCustomEmail',
    summary: 'Send a custom e-mail',
    description: 'Send an HTML e-mail, as written, to the listed addresses and/or every client',
  })
  @ApiOkResponse({ type: CustomEmailResponse })
  custom(@Body() body: CustomEmailRequest): Promise<CustomEmailResponse> {
    return this.handlers.sendCustom(body);
  }

  @Get('admin/email-outbox')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'listOutboxMessages',
    summary: 'List outbox messages',
    description: 'Every stored message, newest first, with its state, tries and last error',
  })
  @ApiListQuery('{"q":"ann@","status":"failed"}')
  @ApiOkResponse({ type: OutboxItemResponse, isArray: true })
  async outbox(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<OutboxItem[]> {
    const parsed = parseListQuery(query, OUTBOX_SORTS, { field: 'createdAt', order: 'DESC' });
    const q = { ...parsed, paged: true, limit: parsed.paged && query.range !== undefined ? parsed.limit : DEFAULT_OUTBOX_PAGE };
    const { rows, total } = await this.queries.list(q);
    return sendList(res, 'email-outbox', q, rows, total);
  }

  @Get('admin/email-outbox/:id')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'getOutboxMessage',
    summary: 'Get an outbox message',
    description: 'One stored message with its HTML and text (not for password-reset e-mails)',
  })
  @ApiOkResponse({ type: OutboxDetailResponse })
  detail(@Param('id', IdPipe) id: number): Promise<OutboxDetailResponse> {
    return this.queries.detail(id);
  }

  @Post('admin/email-outbox/:id/resend')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resendOutboxMessage',
    summary: 'Resend an outbox message',
    description: 'Queue a failed message again, its tries counted from 0',
  })
  @ApiConflictResponse({ description: 'Only a failed message can be sent again (`EMAIL.NOT_FAILED`)' })
  @ApiOkResponse({ type: EmailActionResponse })
  resend(@Param('id', IdPipe) id: number): Promise<EmailActionResponse> {
    return this.handlers.resend(id);
  }
}
