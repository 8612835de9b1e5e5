import { fitInside, imageSizeProblem, MAX_IMAGE_SIDE, PREVIEW_SIZE, THUMBNAIL_SIZE } from './image-limits';

describe('image size limits', () => {
  it.each([
    [6000, 4000, null], // 24 MP camera
    [11648, 8736, 'too_many_pixels'], // 102 MP medium format
    [20000, 5000, null], // a panorama at the side limit
    [10000, 10000, null], // exactly 100 MP
  ])('%i × %i', (width, height, expected) => {
    expect(imageSizeProblem(width, height)).toBe(expected);
  });

  it('refuses a 50,000 × 50,000 header, a side over 20,000 px, over 100 MP and no pixels', () => {
    expect(imageSizeProblem(50_000, 50_000)).toBe('side_too_long');
    expect(imageSizeProblem(MAX_IMAGE_SIDE + 1, 10)).toBe('side_too_long');
    expect(imageSizeProblem(10, MAX_IMAGE_SIDE + 1)).toBe('side_too_long');
    expect(imageSizeProblem(10001, 10000)).toBe('too_many_pixels');
    expect(imageSizeProblem(0, 100)).toBe('empty');
    expect(imageSizeProblem(100, -1)).toBe('empty');
    expect(imageSizeProblem(Number.NaN, 100)).toBe('empty');
  });

  it('derivatives fit their box on the longest side, keep proportions and are never enlarged', () => {
    expect(THUMBNAIL_SIZE).toBe(400);
    expect(PREVIEW_SIZE).toBe(2048);
    expect(fitInside(6000, 4000, PREVIEW_SIZE)).toEqual({ width: 2048, height: 1365 });
    expect(fitInside(4000, 6000, THUMBNAIL_SIZE)).toEqual({ width: 267, height: 400 });
    expect(fitInside(300, 200, THUMBNAIL_SIZE)).toEqual({ width: 300, height: 200 });
    expect(fitInside(20000, 10, THUMBNAIL_SIZE)).toEqual({ width: 400, height: 1 });
  });
});
