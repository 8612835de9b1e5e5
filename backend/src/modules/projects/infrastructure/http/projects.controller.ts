import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiConflictResponse,
  ApiNotFoundResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { User } from '../../../clients';
import { assertMayAccess, CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { Money } from '../../../../shared/domain/money';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { Idempotent } from '../../../../shared/http/idempotency';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { listHeaders, parseListQuery } from '../../../../shared/http/list-query';
import { CreateProjectHandler } from '../../application/create-project/create-project.handler';
import { ProjectMaintenanceHandler } from '../../application/delete-project/delete-project.handler';
import { MarkProjectPaidHandler } from '../../application/mark-project-paid/mark-project-paid.handler';
import { UpdateProjectHandler } from '../../application/update-project/update-project.handler';
import type { ProjectDetails } from '../../domain/project';
import { projectNotFound } from '../../domain/projects.errors';
import { PROJECT_SORTS, ProjectQueries } from '../persistence/project.queries';
import { AddServiceRequest, AdminMarkPaidRequest, MarkPaidRequest, ProjectRequest } from './dto/project.request';
import { ProjectResponse, ProjectServiceRef } from './dto/project.response';

const JSON_TYPE = 'application/json; charset=utf-8';

/** undefined: not sent (an edit keeps the deposit); null: none. */
function deposit(body: ProjectRequest): Money | null | undefined {
  if (body.depositAmount === undefined || body.depositAmount === null) return body.depositAmount;
  return Money.fromDollars(body.depositAmount, 'depositAmount');
}

function details(body: ProjectRequest): ProjectDetails {
  return {
    name: body.name,
    description: body.description ?? '',
    clientId: body.clientId,
    thumbnailUrl: body.thumbnailUrl ?? null,
    downloadLink: body.downloadLink ?? null,
    photoCount: body.photoCount ?? 0,
  };
}

@ApiTags('projects')
@ApiCookieAuth()
@Controller()
export class ProjectsController {
  constructor(
    private readonly queries: ProjectQueries,
    private readonly createProject: CreateProjectHandler,
    private readonly updateProject: UpdateProjectHandler,
    private readonly markPaid: MarkProjectPaidHandler,
    private readonly maintenance: ProjectMaintenanceHandler,
  ) {}

  /** The answer after a change: the project as its list rows show it. */
  private async view(id: number, viewer: User): Promise<ProjectResponse> {
    const project = await this.queries.one(id, viewer);
    if (!project) throw projectNotFound();
    return project;
  }

  @Get('projects')
  @Access.admin('read')
  @ApiOperation({ summary: 'List projects', description: 'All projects with their services, newest first; filter q, isPaid, clientId' })
  @ApiListQuery('{"q":"harbour","isPaid":false}')
  @ApiOkResponse({ type: ProjectResponse, isArray: true })
  async list(
    @Query() query: Record<string, unknown>,
    @CurrentUser() viewer: User,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    const q = parseListQuery(query, PROJECT_SORTS, { field: 'date', order: 'DESC' });
    const { body, count, total } = await this.queries.list(q, viewer);
    // The JSON PostgreSQL built goes out as it is (ProjectQueries).
    res.headers(listHeaders('projects', q, count, total)).type(JSON_TYPE);
    return body;
  }

  @Get('projects/client/:userId')
  @Access.client('read')
  @ApiOperation({
    operationId: 'listClientProjects',
    summary: "List a client's projects",
    description: "A client's projects with their services (that client or an admin)",
  })
  @ApiOkResponse({ type: ProjectResponse, isArray: true })
  async ofClient(
    @Param('userId', IdPipe) userId: number,
    @CurrentUser() viewer: User,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    assertMayAccess(viewer, userId, 'Client');
    res.type(JSON_TYPE);
    return this.queries.ofClient(userId, viewer);
  }

  @Get('projects/:id')
  @Access.client('read')
  @ApiOperation({ summary: 'Get a project' })
  @ApiOkResponse({ type: ProjectResponse })
  async one(@Param('id', IdPipe) id: number, @CurrentUser() viewer: User): Promise<ProjectResponse> {
    const project = await this.view(id, viewer);
    assertMayAccess(viewer, project.clientId, 'Project');
    return project;
  }

  @Get('projects/:id/services')
  @Access.client('read')
  @ApiOperation({ operationId: 'listProjectServices', summary: "List a project's service lines" })
  @ApiOkResponse({ type: ProjectServiceRef, isArray: true })
  async services(@Param('id', IdPipe) id: number, @CurrentUser() viewer: User): Promise<ProjectServiceRef[]> {
    const project = await this.one(id, viewer);
    return project.services.map((s) => ({ serviceId: s.serviceId, quantity: s.quantity }));
  }

  @Post('projects')
  @Access.admin('write')
  @Idempotent()
  @ApiOperation({ summary: 'Create a project', description: 'Create a project; priced from its services; the client is e-mailed' })
  @ApiCreatedResponse({ type: ProjectResponse })
  async create(@Body() body: ProjectRequest, @CurrentUser() viewer: User): Promise<ProjectResponse> {
    const project = await this.createProject.execute({
      details: details(body),
      selectedServices: body.selectedServices ?? [],
      price: Money.fromDollars(body.price ?? 0),
      deposit: deposit(body) ?? null,
      isPaid: body.isPaid ?? false,
    });
    return this.view(project.id, viewer);
  }

  @Put('projects/:id')
  @Access.admin('write')
  @ApiOperation({
    summary: 'Update a project',
    description: 'Edit a project; lines given replace the lines; the default-service rule of spec §7',
  })
  @ApiOkResponse({ type: ProjectResponse })
  async update(@Param('id', IdPipe) id: number, @Body() body: ProjectRequest, @CurrentUser() viewer: User): Promise<ProjectResponse> {
    await this.updateProject.execute({
      id,
      details: details(body),
      selectedServices: body.selectedServices,
      price: Money.fromDollars(body.price ?? 0),
      deposit: deposit(body),
      isPaid: body.isPaid ?? false,
    });
    return this.view(id, viewer);
  }

  @Delete('projects/:id')
  @Access.admin('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a project' })
  @ApiNoContentResponse({ description: 'Deleted; its payments stay in the history' })
  async remove(@Param('id', IdPipe) id: number): Promise<void> {
    await this.maintenance.delete(id);
  }

  @Patch('projects/:id/mark-paid')
  @Access.admin('write')
  @Idempotent()
  @ApiOperation({
    operationId: 'markProjectPaid',
    summary: 'Mark a project paid',
    description: 'Record a completed manual payment of what is owed and mark the project paid',
  })
  @ApiConflictResponse({ description: 'The project is already paid (`PROJECTS.ALREADY_PAID`)' })
  @ApiOkResponse({ type: ProjectResponse })
  async markPaidByAdmin(
    @Param('id', IdPipe) id: number,
    @Body() body: MarkPaidRequest,
    @CurrentUser() viewer: User,
  ): Promise<ProjectResponse> {
    await this.markPaid.byAdmin(id, body.note);
    return this.view(id, viewer);
  }

  @Post('mark-project-as-paid')
  @Access.admin('write')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'markProjectAsPaid',
    summary: 'Mark a project paid (id in the body)',
    description: 'The same as PATCH /api/projects/{id}/mark-paid, with the note as paymentNote',
  })
  @ApiNotFoundResponse({ description: 'No such project (`PROJECTS.NOT_FOUND`)' })
  @ApiConflictResponse({ description: 'The project is already paid (`PROJECTS.ALREADY_PAID`)' })
  @ApiOkResponse({ type: ProjectResponse })
  async markPaidByAdminBody(@Body() body: AdminMarkPaidRequest, @CurrentUser() viewer: User): Promise<ProjectResponse> {
    await this.markPaid.byAdmin(body.projectId, body.paymentNote);
    return this.view(body.projectId, viewer);
  }

  @Post('mark-project-as-paid/:id')
  @Access.client()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'markOwnProjectPaid',
    summary: 'Mark own project paid',
    description: "The owner's call once nothing is owed (all services paid with credits)",
  })
  @ApiConflictResponse({ description: 'The project is already paid (`PROJECTS.ALREADY_PAID`)' })
  @ApiOkResponse({ type: ProjectResponse })
  async markPaidByOwner(@Param('id', IdPipe) id: number, @CurrentUser() viewer: User): Promise<ProjectResponse> {
    await this.markPaid.byOwner(id, viewer);
    return this.view(id, viewer);
  }

  @Post('projects/:id/add-service')
  @Access.admin('write')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'addProjectService',
    summary: 'Add a service line',
    description: 'Add a service line (quantities add up); the price is recomputed',
  })
  @ApiOkResponse({ type: ProjectResponse })
  async addService(
    @Param('id', IdPipe) id: number,
    @Body() body: AddServiceRequest,
    @CurrentUser() viewer: User,
  ): Promise<ProjectResponse> {
    await this.maintenance.addService(id, body.serviceId, body.quantity);
    return this.view(id, viewer);
  }
}
