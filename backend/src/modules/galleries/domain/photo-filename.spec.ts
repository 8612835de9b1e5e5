import { MAX_FILENAME_LENGTH, safeDisplayFilename } from './photo-filename';

describe('display file names from uploaded ones', () => {
  it.each([
    ['IMG_0001.JPG', 'IMG_0001.JPG'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\photo.jpg', 'photo.jpg'],
    ['C:\\Users\\Anna\\Pictures\\Hochzeit Müller.jpg', 'Hochzeit Müller.jpg'],
    ['/absolute/path/to/DSC_1234.jpg', 'DSC_1234.jpg'],
    ['photo\u0000.jpg', 'photo.jpg'],
    ['line\nbreak\r.jpg', 'linebreak.jpg'],
    ['tab\there.jpg', 'tabhere.jpg'],
    ['evil\u202egpj.exe', 'evilgpj.exe'], // right-to-left override: would read as 'exe.jpg'
    ['zero\u200bwidth.png', 'zerowidth.png'],
    ['what?*:<>|".jpg', 'what_______.jpg'],
    ['  spaced   out  .jpg  ', 'spaced out .jpg'],
    ['..', 'photo'],
    ['.', 'photo'],
    ['', 'photo'],
    ['/', 'photo'],
    ['dir/', 'photo'],
    ['\u0000\u0001\n', 'photo'],
    ['.hidden.jpg', 'hidden.jpg'],
    ['trailing dots...', 'trailing dots'],
    ['Свадьба_Анна.jpg', 'Свадьба_Анна.jpg'],
    ['結婚式の写真.heic', '結婚式の写真.heic'],
    ['🎉 party.webp', '🎉 party.webp'],
    ['e\u0301te\u0301.jpg', 'été.jpg'], // decomposed accents come out composed (NFC)
  ])('%j → %j', (uploaded, expected) => {
    expect(safeDisplayFilename(uploaded)).toBe(expected);
  });

  it('limits the length, keeping the extension and never splitting a character', () => {
    const long = safeDisplayFilename('😀'.repeat(300) + '.jpeg');
    expect(Array.from(long)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(long.endsWith('.jpeg')).toBe(true);
    expect(long).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(Array.from(safeDisplayFilename('a'.repeat(500)))).toHaveLength(MAX_FILENAME_LENGTH);
  });

  it('never contains a path separator or a control character, and is never empty', () => {
    const nasty = ['/', '\\', '\u0000', '\n', '\r', '\u001f', '\u007f', '\u0085', '.', ' ', 'a', 'é', '\u202e'];
    for (let i = 0; i < 500; i++) {
      const uploaded = Array.from({ length: i % 40 }, (_, j) => nasty[(i * 7 + j * 13) % nasty.length]).join('');
      const name = safeDisplayFilename(uploaded);
      expect(name.length).toBeGreaterThan(0);
      expect(name).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
    }
  });
});
