import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiNotFoundResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { User } from '../../../clients';
import { assertMayAccess, CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { Money } from '../../../../shared/domain/money';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { Idempotent } from '../../../../shared/http/idempotency';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { MAX_SEARCH, parseListQuery, sendList, textFilter, textParam } from '../../../../shared/http/list-query';
import { AdjustCreditsHandler } from '../../application/adjust-credits/adjust-credits.handler';
import { BundleCatalogue } from '../../application/bundles/bundle-catalogue';
import { PurchaseCreditsHandler } from '../../application/purchase-credits/purchase-credits.handler';
import { RedeemCreditsHandler } from '../../application/redeem-credits/redeem-credits.handler';
import type { CreditBundle } from '../../domain/credit-bundle';
import { BUNDLE_SORTS, bundleResponse, CLIENT_CREDIT_SORTS, CreditQueries } from '../persistence/credit.queries';
import {
  AdjustCreditsRequest,
  AdjustCreditsResponse,
  BundleResponse,
  ClientWithCreditsResponse,
  CreditTransactionResponse,
  CreateBundleRequest,
  CreditPaymentIntentRequest,
  CreditPaymentIntentResponse,
  PurchaseCreditsRequest,
  PurchaseCreditsResponse,
  CreditProjectResponse,
  RedeemCreditsRequest,
  RedeemCreditsResponse,
  ServiceWithCreditsResponse,
  UpdateBundleRequest,
  UserCreditsResponse,
} from './dto/credits.dto';

const toResponse = (b: CreditBundle): BundleResponse => {
  const p = b.props;
  return bundleResponse({
    id: p.id,
    name: p.name,
    description: p.description,
    credit_amount: p.creditAmount,
    price_cents: String(p.price.cents),
    is_active: p.isActive,
  });
};

/** Spec §7 "Credits": bundles, balances, the admin's client credits and adjustments (CONTRACT §4). */
@ApiTags('credits')
@ApiCookieAuth()
@Controller()
export class CreditsController {
  constructor(
    private readonly bundles: BundleCatalogue,
    private readonly queries: CreditQueries,
    private readonly adjust: AdjustCreditsHandler,
    private readonly redeem: RedeemCreditsHandler,
    private readonly purchases: PurchaseCreditsHandler,
  ) {}

  @Post('create-credit-payment-intent')
  @Access.client()
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createCreditPaymentIntent',
    summary: 'Start a bundle card payment',
    description: "Start buying a bundle by card, at the bundle's own price",
  })
  @ApiNotFoundResponse({ description: 'No such bundle (`CREDITS.BUNDLE_NOT_FOUND`)' })
  @ApiOkResponse({ type: CreditPaymentIntentResponse })
  async creditIntent(@Body() body: CreditPaymentIntentRequest, @CurrentUser() user: User): Promise<CreditPaymentIntentResponse> {
    const amount = body.amount === undefined ? undefined : Money.fromDollars(body.amount, 'amount');
    const intent = await this.purchases.startPurchase(user, body.bundleId, amount);
    return { clientSecret: intent.clientSecret, amount: intent.amount.dollars, paymentIntentId: intent.paymentIntentId };
  }

  @Post('purchase-credits')
  @Access.client()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'purchaseCredits',
    summary: 'Add purchased credits',
    description: "Add the bundle's credits for this user's succeeded card payment (once per payment)",
  })
  @ApiNotFoundResponse({ description: 'No such bundle (`CREDITS.BUNDLE_NOT_FOUND`)' })
  @ApiOkResponse({ type: PurchaseCreditsResponse })
  purchase(@Body() body: PurchaseCreditsRequest, @CurrentUser() user: User): Promise<PurchaseCreditsResponse> {
    return this.purchases.purchase(user, body.bundleId, body.stripePaymentId);
  }

  @Get('project-services-with-credits/:projectId')
  @Access.client('read')
  @ApiOperation({
    operationId: 'listProjectServicesWithCredits',
    summary: "List a project's services with credits",
    description: "A project's services with their credit eligibility and how they were paid (owner or admin)",
  })
  @ApiOkResponse({ type: ServiceWithCreditsResponse, isArray: true })
  async projectServices(@Param('projectId', IdPipe) projectId: number, @CurrentUser() user: User): Promise<ServiceWithCreditsResponse[]> {
    const found = await this.queries.projectServices(projectId);
    if (!found) throw new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
    assertMayAccess(user, found.clientId, 'Project');
    return found.services;
  }

  @Post('redeem-credits')
  @Access.client()
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem credits', description: 'Pay every eligible unpaid service of a project with credits (the owner)' })
  @ApiNotFoundResponse({ description: "No such project, or another client's (`PROJECTS.NOT_FOUND`, `ACCESS.NOT_FOUND`)" })
  @ApiOkResponse({ type: RedeemCreditsResponse })
  redeemCredits(@Body() body: RedeemCreditsRequest, @CurrentUser() user: User): Promise<RedeemCreditsResponse> {
    return this.redeem.execute(user, body.projectId, body.description);
  }

  @Get('credit-bundles')
  @Access.client('read')
  @ApiOperation({
    operationId: 'listCreditBundles',
    summary: 'List bundles on sale',
    description: 'The bundles on sale (active only), cheapest first',
  })
  @ApiOkResponse({ type: BundleResponse, isArray: true })
  active(): Promise<BundleResponse[]> {
    return this.queries.activeBundles();
  }

  @Get('credit-bundles/admin')
  @Access.admin('read')
  @ApiOperation({ operationId: 'listAllCreditBundles', summary: 'List all bundles', description: 'Every bundle, active or not' })
  @ApiListQuery()
  @ApiOkResponse({ type: BundleResponse, isArray: true })
  async all(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<BundleResponse[]> {
    const q = parseListQuery(query, BUNDLE_SORTS, { field: 'price', order: 'ASC' });
    const { rows, total } = await this.queries.bundles(q);
    return sendList(res, 'credit-bundles', q, rows, total);
  }

  @Get('credit-bundles/usage')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'getCreditBundleUsage',
    summary: 'Count bundle purchases',
    description: 'Number of purchases of each bundle: {"<bundleId>": count}',
  })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: { type: 'integer' }, example: { '2': 14 } } })
  usage(): Promise<Record<string, number>> {
    return this.queries.usage();
  }

  @Post('credit-bundles')
  @Access.admin('write')
  @ApiOperation({ operationId: 'createCreditBundle', summary: 'Create a bundle' })
  @ApiCreatedResponse({ type: BundleResponse })
  async create(@Body() body: CreateBundleRequest): Promise<BundleResponse> {
    const bundle = await this.bundles.create({
      name: body.name,
      description: body.description ?? '',
      creditAmount: body.creditAmount,
      price: Money.fromDollars(body.price),
      isActive: body.isActive ?? true,
    });
    return toResponse(bundle);
  }

  @Patch('credit-bundles/:id')
  @Access.admin('write')
  @ApiOperation({ operationId: 'updateCreditBundle', summary: 'Update a bundle' })
  @ApiOkResponse({ type: BundleResponse })
  async update(@Param('id', IdPipe) id: number, @Body() body: UpdateBundleRequest): Promise<BundleResponse> {
    const bundle = await this.bundles.update(id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.creditAmount !== undefined ? { creditAmount: body.creditAmount } : {}),
      ...(body.price !== undefined ? { price: Money.fromDollars(body.price) } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    });
    return toResponse(bundle);
  }

  @Delete('credit-bundles/:id')
  @Access.admin('write')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteCreditBundle', summary: 'Delete a bundle' })
  @ApiNoContentResponse({ description: 'Deleted; purchases made with it stay in the history' })
  async remove(@Param('id', IdPipe) id: number): Promise<void> {
    await this.bundles.remove(id);
  }

  @Get('user-credits/:userId')
  @Access.client('read')
  @ApiOperation({
    operationId: 'getUserCredits',
    summary: "Get a client's credit balance",
    description: "A client's credit balance (that client or an admin)",
  })
  @ApiOkResponse({ type: UserCreditsResponse })
  async balance(@Param('userId', IdPipe) userId: number, @CurrentUser() user: User): Promise<UserCreditsResponse> {
    assertMayAccess(user, userId, 'Client');
    return { userId, balance: await this.queries.balance(userId) };
  }

  @Get('clients-with-credits')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'listClientsWithCredits',
    summary: 'List clients with credits',
    description:
      'Clients in name order with their balance and latest transactions (at most 5 each; the whole history is GET /api/credit-transactions/{clientId}). ' +
      'Optional search q on name or e-mail; with range=[start,end] one page and its total in Content-Range, without it the whole (searched) list',
  })
  @ApiQuery({
    name: 'q',
    required: false,
    description: `Case-insensitive part of the name or e-mail (trimmed, at most ${MAX_SEARCH} characters; % and _ are literal)`,
  })
  @ApiListQuery()
  @ApiOkResponse({ type: ClientWithCreditsResponse, isArray: true })
  async clients(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ClientWithCreditsResponse[]> {
    const q = parseListQuery(query, CLIENT_CREDIT_SORTS, { field: 'username', order: 'ASC' });
    const search = textParam(query.q, 'q') ?? textFilter(q.filter, 'q');
    const { rows, total } = await this.queries.clientsWithCredits(q, search);
    return sendList(res, 'clients-with-credits', q, rows, total);
  }

  @Get('credit-transactions/:clientId')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'listCreditTransactions',
    summary: "List a client's credit history",
    description: "A client's whole credit history, newest first (the list carries only the latest few)",
  })
  @ApiOkResponse({ type: CreditTransactionResponse, isArray: true })
  clientTransactions(@Param('clientId', IdPipe) clientId: number): Promise<CreditTransactionResponse[]> {
    return this.queries.clientTransactions(clientId);
  }

  @Get('credit-projects/:clientId')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'listCreditProjects',
    summary: 'List projects paid with credits',
    description: "The client's projects where credits were used",
  })
  @ApiOkResponse({ type: CreditProjectResponse, isArray: true })
  creditProjects(@Param('clientId', IdPipe) clientId: number): Promise<CreditProjectResponse[]> {
    return this.queries.creditProjects(clientId);
  }

  @Post('credit-adjustments')
  @Access.admin('write')
  @ApiOperation({ summary: 'Adjust credits', description: 'Add or remove credits; a removal above the balance is refused (400)' })
  @ApiNotFoundResponse({ description: 'No such client (`USERS.NOT_FOUND`)' })
  @ApiCreatedResponse({ type: AdjustCreditsResponse })
  async adjustCredits(@Body() body: AdjustCreditsRequest): Promise<AdjustCreditsResponse> {
    const { balance } = await this.adjust.execute(body);
    return { userId: body.userId, balance, transaction: (await this.queries.latestTransaction(body.userId))! };
  }
}
