// The galleries module's surface (CONTRACT §10).
export { GalleriesModule } from './galleries.module';
export { MediaStorage, MediaRangeNotSatisfiableError } from './application/ports/media-storage';
export type { ByteRange, OpenedMedia, PutOptions } from './application/ports/media-storage';
export { InvalidMediaKeyError, photoMediaKeys, projectMediaPrefix } from './domain/media-key';
export { signMediaUrl, verifyMediaUrl, type MediaUrlCheck } from './domain/media-url-signature';
export { detectImageFormat, IMAGE_MIME_TYPES, IMAGE_SIGNATURE_BYTES, type ImageFormat } from './domain/image-format';
export { fitInside, imageSizeProblem, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, PREVIEW_SIZE, THUMBNAIL_SIZE } from './domain/image-limits';
export { IMAGE_PROBLEM_MESSAGES, type ImageProblem } from './domain/image-problem';
export { MAX_FILENAME_LENGTH, safeDisplayFilename } from './domain/photo-filename';
export { MAX_FIELDS_PER_UPLOAD, MAX_FILES_PER_UPLOAD } from './domain/upload-limits';
export {
  ImageProcessor,
  type Derivatives,
  type DerivativesResult,
  type EncodedImage,
  type ImageInfo,
  type ImageRefusal,
  type ProbeResult,
} from './application/ports/image-processor';
