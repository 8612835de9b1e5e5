// The galleries module's surface (CONTRACT §10). So far: media storage and its signed URLs; the module
// class, handlers and routes come with the rest of issue 18.
export { MediaStorage, MediaRangeNotSatisfiableError } from './application/ports/media-storage';
export type { ByteRange, OpenedMedia, PutOptions } from './application/ports/media-storage';
export { InvalidMediaKeyError, photoMediaKeys, projectMediaPrefix } from './domain/media-key';
export { signMediaUrl, verifyMediaUrl, type MediaUrlCheck } from './domain/media-url-signature';
