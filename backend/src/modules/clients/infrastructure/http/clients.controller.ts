import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiConflictResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionIdOf } from '../../../../shared/session/request-session';
import { CurrentCredential, CurrentUser } from '../../../../shared/auth/guards';
import { Access, type Credential } from '../../../../shared/auth/access';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { DeleteAccountHandler } from '../../application/delete-account/delete-account.handler';
import { UserRepository } from '../../application/ports/user.repository';
import { endedSessionsMessage, EndSessionsHandler } from '../../application/end-sessions/end-sessions.handler';
import { UpdateClientHandler } from '../../application/update-client/update-client.handler';
import type { User } from '../../domain/user';
import { CLIENT_SORTS, ClientQueries } from '../persistence/client.queries';
import { UpdateClientRequest } from './dto/update-client.request';
import { EndSessionsResponse, UserResponse } from './dto/user.response';

/** The back office's Clients page (spec §7 "Clients"); new accounts come through POST /api/register. */
@ApiTags('clients')
@ApiCookieAuth()
@Controller('clients')
@Access.admin('write')
export class ClientsController {
  constructor(
    private readonly queries: ClientQueries,
    private readonly users: UserRepository,
    private readonly updateClient: UpdateClientHandler,
    private readonly deleteAccount: DeleteAccountHandler,
    private readonly endSessions: EndSessionsHandler,
  ) {}

  @Get()
  @Access.admin('read')
  @ApiOperation({
    summary: 'List accounts',
    description: 'Every account (clients and admins), id ascending; filter q (name or e-mail) and role',
  })
  @ApiListQuery('{"q":"ann","role":"client"}')
  @ApiOkResponse({ type: UserResponse, isArray: true })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<UserResponse[]> {
    const q = parseListQuery(query, CLIENT_SORTS, { field: 'id', order: 'ASC' });
    const { rows, total } = await this.queries.list(q);
    return sendList(res, 'clients', q, rows, total);
  }

  @Get(':id')
  @Access.admin('read')
  @ApiOperation({ summary: 'Get an account' })
  @ApiOkResponse({ type: UserResponse })
  async one(@Param('id', IdPipe) id: number): Promise<UserResponse> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Client not found');
    return user.toPublic();
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Update an account',
    description:
      "Change an account's name, e-mail or role. A new e-mail or role, or any change to an admin's account, needs the admin's session " +
      "(an API token gets 403 `AUTH.SESSION_REQUIRED`); one's own e-mail or role changes only in Account Settings (403 `USERS.OWN_ACCOUNT`). " +
      'A new e-mail: the old address is told, the account is unverified (a link goes to the new one) and its sessions end.',
  })
  @ApiForbiddenResponse({
    description: "An API token on account authority (`AUTH.SESSION_REQUIRED`), or one's own account (`USERS.OWN_ACCOUNT`)",
  })
  @ApiConflictResponse({
    description:
      'The e-mail address or the name is taken, or the last admin would lose the role (`USERS.EMAIL_TAKEN`, `USERS.USERNAME_TAKEN`, `USERS.LAST_ADMIN`)',
  })
  @ApiOkResponse({ type: UserResponse })
  async update(
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateClientRequest,
    @CurrentUser() actor: User,
    @CurrentCredential() credential: Credential,
  ): Promise<UserResponse> {
    return (await this.updateClient.execute({ id, ...body, actorId: actor.id, credential })).toPublic();
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete an account',
    description: 'Delete an account: gone from lists and sign-in; its projects and payments stay',
  })
  @ApiConflictResponse({ description: 'The admin’s own account, or the last admin (`USERS.DELETE_SELF`, `USERS.LAST_ADMIN`)' })
  @ApiNoContentResponse()
  async remove(@Param('id', IdPipe) id: number, @CurrentUser() actor: User, @CurrentCredential() credential: Credential): Promise<void> {
    await this.deleteAccount.execute({ userId: id, actorId: actor.id, credential });
  }

  @Post(':id/end-sessions')
  @Access.adminSession()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'endClientSessions',
    summary: 'Sign an account out everywhere',
    description: "Sign an account out everywhere: every session of it ends (the admin's own current one excepted)",
  })
  @ApiOkResponse({ type: EndSessionsResponse })
  async signOutEverywhere(@Param('id', IdPipe) id: number, @Req() req: FastifyRequest): Promise<EndSessionsResponse> {
    const { ended } = await this.endSessions.execute({ userId: id, actorSessionId: sessionIdOf(req) ?? '' });
    return { success: true, message: endedSessionsMessage(ended), ended };
  }
}
