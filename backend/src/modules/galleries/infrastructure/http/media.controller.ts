import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../../../shared/errors/domain-error';
import { errorBody } from '../../../../shared/errors/http-error.filter';
import { MediaRangeNotSatisfiableError, MediaStorage, type OpenedMedia } from '../../application/ports/media-storage';
import { PhotoGallery } from '../../application/photo-gallery';
import { mediaKey } from '../../domain/media-key';
import { secondsLeft, verifyMediaUrl } from '../../domain/media-url-signature';
import { parseRangeHeader } from './range-header';
import { Access } from '../../../../shared/auth/access';

/**
 * A photo's file by its signed URL (decision 0027): the signature and expiry are checked before storage
 * is touched; a key that is not the module's, an altered or an expired link is a 403, and nothing tells a
 * guessed key from a missing one. One byte range is served (206, or 416 past the end) for players and
 * resumed downloads of large originals.
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
  @Access.public('read')
  @ApiOperation({
    operationId: 'getMedia',
    summary: 'Get a photo file',
    description: 'A signed URL from the photo list; it expires within minutes (an original 5, a thumbnail or preview 20 to 30).',
  })
  @ApiParam({ name: 'projectId', type: String })
  @ApiParam({ name: 'photoId', type: String })
  @ApiParam({ name: 'file', type: String, description: 'original, thumb.webp, preview.jpg or preview-marked.jpg' })
  @ApiQuery({ name: 'exp', required: true, description: 'Unix seconds' })
  @ApiQuery({ name: 'sig', required: true, description: 'The signature' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/heic')
  @ApiHeader({
    name: 'Range',
    required: false,
    description:
      'One byte range: `bytes=a-b`, `bytes=a-` or `bytes=-n` (the last n bytes). Other forms, or several ranges, get the whole file.',
  })
  @ApiOkResponse({
    description: 'The file',
    schema: { type: 'string', format: 'binary' },
    headers: { 'Accept-Ranges': { description: '`bytes`', schema: { type: 'string' } } },
  })
  @ApiResponse({
    status: 206,
    description: 'The range asked for',
    schema: { type: 'string', format: 'binary' },
    headers: {
      'Content-Range': { description: '`bytes <first>-<last>/<size>`', schema: { type: 'string' } },
      'Accept-Ranges': { description: '`bytes`', schema: { type: 'string' } },
    },
  })
  @ApiResponse({
    status: 416,
    description: 'The range starts past the end of the file, or ends before it starts (`GALLERY.RANGE_NOT_SATISFIABLE`)',
    headers: { 'Content-Range': { description: '`bytes */<size>`', schema: { type: 'string' } } },
  })
  @ApiForbiddenResponse({ description: 'An altered or unknown link (`GALLERY.BAD_LINK`) or an expired one (`GALLERY.LINK_EXPIRED`)' })
  async get(
    @Param('projectId') projectId: string,
    @Param('photoId') photoId: string,
    @Param('file') file: string,
    @Query('exp') exp: unknown,
    @Query('sig') sig: unknown,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const key = `projects/${projectId}/${photoId}/${file}`;
    const check =
      typeof exp === 'string' && typeof sig === 'string' && isKey(key) ? verifyMediaUrl(key, exp, sig, this.gallery.mediaUrlSecret) : 'bad';
    if (check === 'expired') throw new ForbiddenError('GALLERY.LINK_EXPIRED', 'This link has expired: reload the gallery');
    if (check !== 'ok') throw new ForbiddenError('GALLERY.BAD_LINK', 'This link is not valid');
    // A conditional range (If-Range) names a version this route cannot compare (no ETag): the whole file is the safe answer.
    const asked = req.headers['if-range'] === undefined ? parseRangeHeader(req.headers.range) : null;
    let media: OpenedMedia | null;
    try {
      // A range whose last byte is before its first selects nothing: asked as one past any end, for the size.
      media = await this.storage.open(key, asked === 'unsatisfiable' ? { start: Number.MAX_SAFE_INTEGER } : (asked ?? undefined));
    } catch (error) {
      if (!(error instanceof MediaRangeNotSatisfiableError)) throw error;
      await res
        .status(416)
        .header('Accept-Ranges', 'bytes')
        .header('Content-Range', `bytes */${error.size}`)
        .send(
          errorBody(416, `The range asked for is not in the file (${error.size} bytes)`, {
            code: 'GALLERY.RANGE_NOT_SATISFIABLE',
            requestId: String(req.id),
          }),
        );
      return;
    }
    if (!media) throw new NotFoundError('GALLERY.PHOTO_NOT_FOUND', 'Photo not found');
    if (asked) res.status(206).header('Content-Range', `bytes ${media.start}-${media.end}/${media.size}`);
    await res
      .header('Content-Type', media.contentType)
      .header('Content-Length', String(media.end - media.start + 1))
      .header('Accept-Ranges', 'bytes')
      // The URL is the permission and changes when re-signed: the browser may keep what it fetched for the link's life, no longer.
      .header('Cache-Control', `private, max-age=${secondsLeft(exp as string)}`)
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
