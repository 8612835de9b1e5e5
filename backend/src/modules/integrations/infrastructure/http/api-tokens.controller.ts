import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { ApiTokens } from '../../application/api-tokens';
import type { ApiToken } from '../../domain/api-token';
import { ApiTokenResponse, CreatedApiTokenResponse, CreateApiTokenRequest } from './dto/api-token.dto';

const toResponse = (t: ApiToken): ApiTokenResponse => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  hint: t.hint,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt?.toISOString() ?? null,
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});

/** API tokens (CONTRACT §9): the admin's, managed from the back office's session only, never with a token. */
@ApiTags('integrations')
@ApiCookieAuth()
@Access.adminSession()
@Controller('api-tokens')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokens) {}

  @Post()
  @ApiOperation({ summary: 'Create an API token', description: 'Create an API token; the token is in this answer only' })
  @ApiCreatedResponse({ type: CreatedApiTokenResponse })
  async create(@Body() body: CreateApiTokenRequest, @CurrentUser() admin: SignedInAccount): Promise<CreatedApiTokenResponse> {
    const created = await this.tokens.create(body, admin.id);
    return { ...toResponse(created), token: created.token };
  }

  @Get()
  @ApiOperation({ summary: 'List API tokens', description: 'The API tokens that work, newest first, without their secrets' })
  @ApiOkResponse({ type: [ApiTokenResponse] })
  async list(): Promise<ApiTokenResponse[]> {
    return (await this.tokens.list()).map(toResponse);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API token', description: 'Revoke an API token: it stops working at once' })
  @ApiNoContentResponse()
  async revoke(@Param('id', IdPipe) id: number): Promise<void> {
    await this.tokens.revoke(id);
  }
}
