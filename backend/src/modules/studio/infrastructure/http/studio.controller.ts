import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../../../shared/auth/access';
import { CurrentUser } from '../../../../shared/auth/guards';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { AppConfig } from '../../../../shared/config/app-config';
import { DomainError, NotFoundError, UnsupportedTypeError } from '../../../../shared/errors/domain-error';
import { LOGO_MAX_BYTES, logoTooLarge, StudioSettingsService } from '../../application/studio-settings.service';
import type { Studio } from '../../domain/studio';
import type { StudioChange } from '../../domain/studio-rules';
import { STUDIO_PATCH_FIELDS, StudioPatchRequest } from './dto/studio.request';
import { PublicStudioResponse, StudioSettingsResponse } from './dto/studio.response';

const noLogo = () => new NotFoundError('STUDIO.NO_LOGO', 'The studio has no logo');

/** The file's multipart problems as the answer the admin reads (a body busboy cannot read, a file over 2 MB). */
function logoUploadProblem(err: unknown): DomainError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return logoTooLarge();
  if (code.startsWith('FST_') || /^(Unexpected end of|Part terminated early|Multipart: Boundary not found)/.test(message)) {
    return new DomainError(
      'validation',
      'STUDIO.BAD_UPLOAD',
      'The upload is not valid multipart/form-data: send the logo as a `logo` file part',
    );
  }
  return null;
}

/** The studio's own settings (CONTRACT §13): its brand for every page, the rest for the Studio Settings page. */
@ApiTags('studio')
@Controller('studio')
export class StudioController {
  constructor(
    private readonly settings: StudioSettingsService,
    private readonly config: AppConfig,
  ) {}

  private publicView(s: Studio): PublicStudioResponse {
    return s.publicView(this.config.bookingUrl ?? null);
  }

  private fullView(s: Studio): StudioSettingsResponse {
    const p = s.props;
    return {
      ...this.publicView(s),
      taxRate: Number(p.taxRate),
      taxName: p.taxName,
      taxInclusive: p.taxInclusive,
      invoiceTerms: p.invoiceTerms,
      paymentDueDays: p.paymentDueDays,
      reminderDays: p.reminderDays,
      emailFromName: p.emailFromName,
      replyTo: p.replyTo,
      bookingUrl: p.bookingUrl,
      defaultBookingUrl: this.config.bookingUrl ?? null,
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  @Get()
  @Access.public('read')
  @ApiOperation({
    operationId: 'getStudio',
    summary: 'The studio',
    description: 'Name, logo, accent colour, contact details and money style: what every page shows.',
  })
  @ApiOkResponse({ type: PublicStudioResponse })
  async get(): Promise<PublicStudioResponse> {
    return this.publicView(await this.settings.current());
  }

  @Get('settings')
  @Access.adminSession()
  @ApiCookieAuth()
  @ApiOperation({
    operationId: 'getStudioSettings',
    summary: 'Studio settings',
    description: 'Every setting, for the Studio Settings page (the admin signed in).',
  })
  @ApiOkResponse({ type: StudioSettingsResponse })
  async settingsPage(): Promise<StudioSettingsResponse> {
    return this.fullView(await this.settings.current());
  }

  @Patch()
  @Access.adminSession()
  @ApiCookieAuth()
  @ApiOperation({
    operationId: 'updateStudio',
    summary: 'Change studio settings',
    description:
      'Any of the settings; the others stay. Each bad field is named in `errors`; nothing changes then. An activity log event `studio.updated` names the fields changed.',
  })
  @ApiOkResponse({ type: StudioSettingsResponse })
  @ApiBadRequestResponse({ description: 'A field is not valid (`STUDIO.INVALID_SETTINGS`, or an unknown field: `STUDIO.UNKNOWN_FIELD`)' })
  @ApiConflictResponse({ description: 'The currency after the first payment (`STUDIO.CURRENCY_LOCKED`)' })
  async update(
    @Body() body: StudioPatchRequest,
    @Req() req: FastifyRequest,
    @CurrentUser() user: SignedInAccount,
  ): Promise<StudioSettingsResponse> {
    const raw = req.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new DomainError('validation', 'STUDIO.INVALID_SETTINGS', 'Send the settings as a JSON object');
    }
    const unknown = Object.keys(raw).filter((k) => !STUDIO_PATCH_FIELDS.has(k));
    if (unknown.length > 0) {
      throw new DomainError(
        'validation',
        'STUDIO.UNKNOWN_FIELD',
        `${unknown[0]} is not a studio setting`,
        Object.fromEntries(unknown.map((k) => [k, `${k} is not a studio setting`])),
      );
    }
    const change: StudioChange = {};
    for (const k of STUDIO_PATCH_FIELDS) {
      const v = (body as Record<string, unknown>)[k];
      if (v !== undefined) (change as Record<string, unknown>)[k] = v;
    }
    // null passes the shape check (IsOptional); the domain takes it for the booking URL only (back to BOOKING_URL)
    if (typeof body.taxRate === 'number') change.taxRate = String(body.taxRate);
    return this.fullView(await this.settings.update(change, user.id));
  }

  @Post('logo')
  @Access.adminSession()
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({
    operationId: 'uploadStudioLogo',
    summary: 'Upload the studio logo',
    description:
      'multipart/form-data with a `logo` file part: a PNG or JPEG of at most 2 MB, stored as a PNG fitting 512×512 (never enlarged).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['logo'], properties: { logo: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: StudioSettingsResponse })
  @ApiBadRequestResponse({
    description: 'No `logo` part (`STUDIO.NO_LOGO_FILE`) or a body that is not multipart/form-data (`STUDIO.BAD_UPLOAD`)',
  })
  @ApiPayloadTooLargeResponse({ description: 'Over 2 MB (`STUDIO.LOGO_TOO_LARGE`)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a PNG or JPEG image, e.g. an SVG (`STUDIO.LOGO_NOT_AN_IMAGE`)' })
  async uploadLogo(@Req() req: FastifyRequest): Promise<StudioSettingsResponse> {
    if (!req.isMultipart()) {
      throw new UnsupportedTypeError('STUDIO.LOGO_NOT_AN_IMAGE', 'Send the logo as multipart/form-data with a `logo` file part');
    }
    let bytes: Buffer | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'logo' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      }
    } catch (err) {
      throw logoUploadProblem(err) ?? err;
    }
    if (!bytes) throw new DomainError('validation', 'STUDIO.NO_LOGO_FILE', 'Send the logo as a `logo` file part');
    return this.fullView(await this.settings.changeLogo(bytes));
  }

  @Delete('logo')
  @Access.adminSession()
  @ApiCookieAuth()
  @ApiOperation({
    operationId: 'removeStudioLogo',
    summary: 'Remove the studio logo',
    description: 'The pages and e-mails show the name alone.',
  })
  @ApiOkResponse({ type: StudioSettingsResponse })
  async removeLogo(): Promise<StudioSettingsResponse> {
    return this.fullView(await this.settings.removeLogo());
  }

  @Get('logo')
  @Access.public('read')
  @ApiOperation({
    operationId: 'getStudioLogo',
    summary: 'The studio logo',
    description: 'The PNG. With `v` the current version it is cached for a year (each upload has a new address); otherwise revalidated.',
  })
  @ApiQuery({ name: 'v', required: false, description: 'The logo version, as in logoUrl' })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'The logo', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'The studio has no logo (`STUDIO.NO_LOGO`)' })
  async logo(@Query('v') v: string | undefined, @Res() res: FastifyReply): Promise<void> {
    const logo = await this.settings.logo();
    if (!logo) throw noLogo();
    const current = v === String(logo.version);
    await res
      .header('Content-Type', logo.contentType)
      .header('Content-Length', String(logo.bytes.length))
      .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(logo.bytes);
  }
}
