import { InvalidMediaKeyError, mediaKey, mediaPrefix, photoMediaKeys, projectMediaPrefix } from './media-key';

describe('media keys', () => {
  const projectId = '0b6f5b0e-8f1c-4d7e-9a43-5c1b2f3e4d5a';
  const photoId = '7d9e2c1a-3b4f-4a5e-8c6d-1e2f3a4b5c6d';

  it("puts a photo's files under its project's folder", () => {
    expect(photoMediaKeys(projectId, photoId)).toEqual({
      original: `projects/${projectId}/${photoId}/original`,
      thumb: `projects/${projectId}/${photoId}/thumb.webp`,
      preview: `projects/${projectId}/${photoId}/preview.jpg`,
      previewMarked: `projects/${projectId}/${photoId}/preview-marked.jpg`,
    });
    expect(projectMediaPrefix(projectId)).toBe(`projects/${projectId}/`);
    for (const key of Object.values(photoMediaKeys(projectId, photoId))) expect(key.startsWith(projectMediaPrefix(projectId))).toBe(true);
  });

  it('refuses ids that would change the folder', () => {
    expect(() => photoMediaKeys('../other', photoId)).toThrow(InvalidMediaKeyError);
    expect(() => photoMediaKeys(projectId, 'a/b')).toThrow(InvalidMediaKeyError);
    expect(() => projectMediaPrefix('')).toThrow(InvalidMediaKeyError);
    expect(() => projectMediaPrefix('p/..')).toThrow(InvalidMediaKeyError);
  });

  it('takes plain relative names only', () => {
    for (const good of ['a', 'projects/p1/x/original', 'A-b_c.d/e.webp', 'x'.repeat(512)]) expect(mediaKey(good)).toBe(good);
    for (const bad of [
      '',
      '.',
      '..',
      '../a',
      'a/..',
      'a/../b',
      '/a',
      'a/',
      'a//b',
      '.a',
      'a/.b',
      'a\\b',
      'a b',
      'a\nb',
      'a%2fb',
      'é',
      'x'.repeat(513),
    ]) {
      expect(() => mediaKey(bad)).toThrow(InvalidMediaKeyError);
    }
    expect(() => mediaKey(undefined as unknown as string)).toThrow(InvalidMediaKeyError);
  });

  it('takes a prefix only as a key and a slash', () => {
    expect(mediaPrefix('projects/p1/')).toBe('projects/p1/');
    for (const bad of ['projects/p1', '/', '', '../', 'projects//', 'projects/../'])
      expect(() => mediaPrefix(bad)).toThrow(InvalidMediaKeyError);
  });
});
