import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../../../shared/errors/domain-error';
import { MediaStorage } from '../../application/ports/media-storage';
import { PhotoGallery } from '../../application/photo-gallery';
import { mediaKey } from '../../domain/media-key';
import { verifyMediaUrl } from '../../domain/media-url-signature';

/**
 * A photo's file by its signed URL (decision 0027): the signature and expiry are checked before storage
 * is touched; a key that is not the module's, an altered or an expired link is a 403, and nothing tells a
 * guessed key from a missing one.
 */
@ApiTags('galleries')
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: MediaStorage,
    private readonly gallery: PhotoGallery,
  ) {}

  // Keys are `projects/<project>/<photo>/<file>` (photoMediaKeys), so the route has that shape too.
  @Get('projects/:projectId/:photoId/:file')
  @ApiOperation({
    operationId: 'getMedia',
    summary: 'Get a photo file',
    description: 'A signed URL from the photo list; it expires within hours.',
  })
  @ApiParam({ name: 'projectId', type: String })
  @ApiParam({ name: 'photoId', type: String })
  @ApiParam({ name: 'file', type: String, description: 'original, thumb.webp, preview.webp or preview-marked.webp' })
  @ApiQuery({ name: 'exp', required: true, description: 'Unix seconds' })
  @ApiQuery({ name: 'sig', required: true, description: 'The signature' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/heic')
  @ApiOkResponse({ description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ApiForbiddenResponse({ description: 'An altered or unknown link (`GALLERY.BAD_LINK`) or an expired one (`GALLERY.LINK_EXPIRED`)' })
  async get(
    @Param('projectId') projectId: string,
    @Param('photoId') photoId: string,
    @Param('file') file: string,
    @Query('exp') exp: unknown,
    @Query('sig') sig: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const key = `projects/${projectId}/${photoId}/${file}`;
    const check =
      typeof exp === 'string' && typeof sig === 'string' && isKey(key) ? verifyMediaUrl(key, exp, sig, this.gallery.mediaUrlSecret) : 'bad';
    if (check === 'expired') throw new ForbiddenError('GALLERY.LINK_EXPIRED', 'This link has expired: reload the gallery');
    if (check !== 'ok') throw new ForbiddenError('GALLERY.BAD_LINK', 'This link is not valid');
    const media = await this.storage.open(key);
    if (!media) throw new NotFoundError('GALLERY.PHOTO_NOT_FOUND', 'Photo not found');
    await res
      .header('Content-Type', media.contentType)
      .header('Content-Length', String(media.size))
      // The URL is the permission and changes when re-signed: the browser may keep what it fetched for the link's life.
      .header('Cache-Control', 'private, max-age=3600')
      .send(media.stream);
  }
}

function isKey(key: string): boolean {
  try {
    mediaKey(key);
    return true;
  } catch {
    return false;
  }
}
