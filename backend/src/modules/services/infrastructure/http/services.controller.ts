import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../../../shared/auth/access';
import { Money } from '../../../../shared/domain/money';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { serviceNotFound, ServiceCatalogue } from '../../application/service-catalogue';
import type { Service, ServiceInput } from '../../domain/service';
import { SERVICE_SORTS, ServiceQueries, serviceResponse } from '../persistence/service.queries';
import { ServiceRequest } from './dto/service.request';
import { ServiceResponse } from './dto/service.response';

function toInput(body: ServiceRequest): ServiceInput {
  return {
    name: body.name,
    description: body.description ?? '',
    price: Money.fromDollars(body.price),
    isStandard: body.isStandard ?? true,
    creditEligible: body.creditEligible ?? false,
    creditCost: body.creditCost ?? 1,
  };
}

function toResponse(s: Service): ServiceResponse {
  const p = s.props;
  return serviceResponse({
    id: p.id,
    name: p.name,
    description: p.description,
    price_cents: p.price.cents,
    is_standard: p.isStandard,
    credit_eligible: p.creditEligible,
    credit_cost: p.creditCost,
  });
}

@ApiTags('services')
@ApiCookieAuth()
@Controller('services')
export class ServicesController {
  constructor(
    private readonly catalogue: ServiceCatalogue,
    private readonly queries: ServiceQueries,
  ) {}

  @Get()
  @Access.client('read')
  @ApiOperation({ summary: 'List services', description: 'The catalogue, name ascending; with list parameters one page and Content-Range' })
  @ApiListQuery()
  @ApiOkResponse({ type: ServiceResponse, isArray: true })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<ServiceResponse[]> {
    const q = parseListQuery(query, SERVICE_SORTS, { field: 'name', order: 'ASC' });
    const { rows, total } = await this.queries.list(q);
    return sendList(res, 'services', q, rows, total);
  }

  @Get(':id')
  @Access.client('read')
  @ApiOperation({ summary: 'Get a service' })
  @ApiOkResponse({ type: ServiceResponse })
  async one(@Param('id', IdPipe) id: number): Promise<ServiceResponse> {
    const s = await this.queries.one(id);
    if (!s) throw serviceNotFound();
    return s;
  }

  @Post()
  @Access.admin('write')
  @ApiOperation({ summary: 'Create a service' })
  @ApiCreatedResponse({ type: ServiceResponse })
  async create(@Body() body: ServiceRequest): Promise<ServiceResponse> {
    return toResponse(await this.catalogue.create(toInput(body)));
  }

  @Put(':id')
  @Access.admin('write')
  @ApiOperation({ summary: 'Update a service' })
  @ApiOkResponse({ type: ServiceResponse })
  async update(@Param('id', IdPipe) id: number, @Body() body: ServiceRequest): Promise<ServiceResponse> {
    return toResponse(await this.catalogue.update(id, toInput(body)));
  }

  @Delete(':id')
  @Access.admin('write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a service' })
  @ApiNoContentResponse({ description: 'Deleted; projects that used it keep their lines' })
  async remove(@Param('id', IdPipe) id: number): Promise<void> {
    await this.catalogue.remove(id);
  }
}
