/**
 * How much one upload request may carry besides each file's size (PHOTO_MAX_MB): a shoot's worth of
 * files, and a few form fields (which the upload ignores). The multipart reader stops at these and the
 * request is answered 413 `GALLERY.TOO_MANY_PARTS`.
 */
export const MAX_FILES_PER_UPLOAD = 1000;
export const MAX_FIELDS_PER_UPLOAD = 20;
