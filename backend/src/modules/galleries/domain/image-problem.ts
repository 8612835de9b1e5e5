/**
 * Why a file cannot become a gallery photo. Each is either an upload refused with a 4xx (the type is
 * known from the first bytes and the size from the header, while the request is still open) or a photo
 * marked 'failed' with the message (when the problem shows only during processing: truncated pixel data,
 * a codec the server lacks). The messages are the sentences the back office shows beside the file.
 */
export type ImageProblem = 'not_an_image' | 'empty' | 'side_too_long' | 'too_many_pixels' | 'unreadable' | 'unsupported_codec';

export const IMAGE_PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  not_an_image: 'The file is not a JPEG, PNG, WebP or HEIC image',
  empty: 'The image has no pixels',
  side_too_long: 'The image is too large: no side may exceed 20,000 pixels',
  too_many_pixels: 'The image is too large: at most 100 megapixels',
  unreadable: 'The image is damaged or incomplete and could not be read',
  unsupported_codec:
    'This server cannot make previews of HEIC photos (no HEVC decoder); the original is kept, but please upload a JPEG export to show it in the gallery',
};
