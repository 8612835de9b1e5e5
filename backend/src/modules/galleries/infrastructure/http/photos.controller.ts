import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, TooLargeError, UnsupportedTypeError } from '../../../../shared/errors/domain-error';
import { MAX_FIELDS_PER_UPLOAD, MAX_FILES_PER_UPLOAD } from '../../domain/upload-limits';
import { assertMayAccess, CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { boolFilter, parseListQuery, sendList } from '../../../../shared/http/list-query';
import { incompleteUpload, PhotoGallery, type UploadedFile } from '../../application/photo-gallery';
import { PhotoResponse } from './dto/photo.dto';

/** The multipart parts of a request that are files named `file` (other parts are drained and ignored). */
async function* fileParts(req: FastifyRequest): AsyncIterable<UploadedFile> {
  for await (const part of req.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const file = part.file;
    yield { filename: part.filename, stream: file, truncated: () => file.truncated };
  }
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const INCOMPLETE_MESSAGES = /^(Unexpected end of (multipart data|form)|Part terminated early)/;

/**
 * What the multipart reader (@fastify/multipart over busboy) throws for a body it cannot read, as the
 * answer the uploader reads; null for anything else (a storage failure stays a 500). These errors
 * surface either from the parts' iterator or from a file's stream while it is stored.
 */
export function multipartProblem(err: unknown): DomainError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (MULTIPART_LIMIT_CODES.has(code)) {
    return new TooLargeError(
      'GALLERY.TOO_MANY_PARTS',
      `The upload has too many parts: at most ${MAX_FILES_PER_UPLOAD} files and ${MAX_FIELDS_PER_UPLOAD} other fields in one request`,
    );
  }
  if (code === 'FST_MP_PREMATURE_CLOSE' || INCOMPLETE_MESSAGES.test(message)) {
    return incompleteUpload();
  }
  if (message === 'Multipart: Boundary not found' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new DomainError(
      'validation',
      'GALLERY.BAD_UPLOAD',
      'The upload is not valid multipart/form-data: send the photos as file parts',
    );
  }
  return null;
}

/** A project's photos (CONTRACT §10). */
@ApiTags('galleries')
@Controller()
export class PhotosController {
  constructor(private readonly gallery: PhotoGallery) {}

  @Post('projects/:id/photos')
  @Access.admin('write')
  @ApiOperation({
    operationId: 'uploadPhotos',
    summary: 'Upload photos',
    description:
      'multipart/form-data with one or more `file` parts (JPEG, PNG, WebP or HEIC, each up to PHOTO_MAX_MB). Each file is streamed ' +
      'to storage as it arrives and processed in the background.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } } })
  @ApiCreatedResponse({ type: [PhotoResponse] })
  @ApiBadRequestResponse({
    description: 'No `file` part (`GALLERY.NO_FILE`), or a body that is not complete multipart/form-data (`GALLERY.BAD_UPLOAD`)',
  })
  @ApiPayloadTooLargeResponse({
    description: 'A file is larger than PHOTO_MAX_MB (`GALLERY.TOO_LARGE`), or the request has too many parts (`GALLERY.TOO_MANY_PARTS`)',
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'A file is not a JPEG, PNG, WebP or HEIC image (`GALLERY.UNSUPPORTED_TYPE`)' })
  async upload(@Param('id', IdPipe) id: number, @Req() req: FastifyRequest): Promise<PhotoResponse[]> {
    if (!req.isMultipart()) {
      throw new UnsupportedTypeError('GALLERY.UNSUPPORTED_TYPE', 'Send the photos as multipart/form-data with file parts');
    }
    try {
      return await this.gallery.upload(id, fileParts(req));
    } catch (err) {
      throw multipartProblem(err) ?? err;
    }
  }

  @Get('projects/:id/photos.zip')
  @Access.client('read')
  @ApiOperation({
    operationId: 'downloadPhotosZip',
    summary: 'Download all photos',
    description: 'The originals as a streamed ZIP: the admin, or the client of a paid project (403 `GALLERY.UNPAID` before).',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'The ZIP', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ description: 'The project is not paid yet (`GALLERY.UNPAID`)' })
  async zip(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount, @Res() res: FastifyReply): Promise<void> {
    const project = await this.gallery.projectOrThrow(id);
    assertMayAccess(viewer, project.clientId, 'Project');
    const archive = await this.gallery.zip(project, viewer);
    await res
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="project-${project.id}-photos.zip"`)
      .send(archive);
  }

  @Get('projects/:id/photos')
  @Access.client('read')
  @ApiOperation({
    operationId: 'listPhotos',
    summary: 'List photos',
    description:
      "The project's photos with signed URLs (the owner or an admin). A client is given the finished (`ready`) ones; an admin also those processing or failed.",
  })
  @ApiListQuery('{"favorite":true}')
  @ApiOkResponse({ type: [PhotoResponse] })
  async list(
    @Param('id', IdPipe) id: number,
    @Query() query: Record<string, unknown>,
    @CurrentUser() viewer: SignedInAccount,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<PhotoResponse[]> {
    const project = await this.gallery.projectOrThrow(id);
    assertMayAccess(viewer, project.clientId, 'Project');
    const q = parseListQuery(query, ['id'] as const, { field: 'id', order: 'ASC' });
    const limit = q.paged ? q.limit : 500;
    const { rows, total } = await this.gallery.list(project, viewer, q.offset, limit, { favorite: boolFilter(q.filter, 'favorite') });
    return sendList(res, 'photos', q, rows, total);
  }

  @Delete('photos/:id')
  @Access.admin('write')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deletePhoto',
    summary: 'Delete a photo',
    description: 'The photo and its files (original and derivatives).',
  })
  @ApiNoContentResponse()
  async remove(@Param('id', IdPipe) id: number): Promise<void> {
    await this.gallery.remove(id);
  }

  @Put('photos/:id/favorite')
  @Access.client()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'markPhotoFavorite',
    summary: 'Mark a photo as a favorite',
    description: "The project's client's selection.",
  })
  @ApiNoContentResponse()
  async favorite(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount): Promise<void> {
    await this.gallery.setFavorite(id, viewer, true);
  }

  @Delete('photos/:id/favorite')
  @Access.client()
  @HttpCode(204)
  @ApiOperation({ operationId: 'unmarkPhotoFavorite', summary: 'Unmark a favorite photo' })
  @ApiNoContentResponse()
  async unfavorite(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount): Promise<void> {
    await this.gallery.setFavorite(id, viewer, false);
  }
}
