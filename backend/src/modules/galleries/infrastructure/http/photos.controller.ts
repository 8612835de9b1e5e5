import { Controller, Delete, Get, HttpCode, HttpException, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
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
import { AdminGuard, assertMayAccess, CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { boolFilter, parseListQuery, sendList } from '../../../../shared/http/list-query';
import { PhotoGallery, type UploadedFile } from '../../application/photo-gallery';
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

/** A project's photos (CONTRACT §10). */
@ApiTags('galleries')
@Controller()
export class PhotosController {
  constructor(private readonly gallery: PhotoGallery) {}

  @Post('projects/:id/photos')
  @UseGuards(AdminGuard)
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
  @ApiPayloadTooLargeResponse({ description: 'A file is larger than PHOTO_MAX_MB (`GALLERY.TOO_LARGE`)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'A file is not a JPEG, PNG, WebP or HEIC image (`GALLERY.UNSUPPORTED_TYPE`)' })
  async upload(@Param('id', IdPipe) id: number, @Req() req: FastifyRequest): Promise<PhotoResponse[]> {
    if (!req.isMultipart()) {
      throw new HttpException({ message: 'Send the photos as multipart/form-data with file parts', code: 'GALLERY.UNSUPPORTED_TYPE' }, 415);
    }
    return this.gallery.upload(id, fileParts(req));
  }

  @Get('projects/:id/photos.zip')
  @UseGuards(SignedInGuard)
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
  @UseGuards(SignedInGuard)
  @ApiOperation({
    operationId: 'listPhotos',
    summary: 'List photos',
    description: "The project's photos with signed URLs (the owner or an admin). A client is given the finished (`ready`) ones; an admin also those processing or failed.",
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
  @HttpCode(204)
  @UseGuards(AdminGuard)
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
  @HttpCode(204)
  @UseGuards(SignedInGuard)
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
  @HttpCode(204)
  @UseGuards(SignedInGuard)
  @ApiOperation({ operationId: 'unmarkPhotoFavorite', summary: 'Unmark a favorite photo' })
  @ApiNoContentResponse()
  async unfavorite(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount): Promise<void> {
    await this.gallery.setFavorite(id, viewer, false);
  }
}
