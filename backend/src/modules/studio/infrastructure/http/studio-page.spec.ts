import { createTheme } from '@mui/material/styles';
import {
  accentCssVariables,
  accentStyle,
  escapeHtml,
  jsonForScript,
  renderStudioPage,
  STUDIO_LOGO_PLACEHOLDER,
  STUDIO_NAME_PLACEHOLDER,
  type PublicStudio,
} from './studio-page';

const studio: PublicStudio = {
  name: 'Harbour Light <Photography>',
  logoUrl: '/api/studio/logo?v=3',
  accentColor: '#0f766e',
  email: 'hello@harbourlight.test',
  phone: '',
  address: '',
  website: '',
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  locale: 'en-IE',
  bookingUrl: null,
};

const built = [
  '<!doctype html><html lang="en"><head><meta name="theme-color" content="#1e3a8a" /><title>Studio Portal</title>',
  '<style data-emotion="css-global x">:root{--mui-palette-primary-main:#1e3a8a}</style></head>',
  `<body><div id="root"><header><img src="${STUDIO_LOGO_PLACEHOLDER}" alt="${STUDIO_NAME_PLACEHOLDER}">`,
  `<span>${STUDIO_NAME_PLACEHOLDER}</span></header><footer>© 2026 ${STUDIO_NAME_PLACEHOLDER}</footer></div></body></html>`,
].join('');

describe('the studio in a page', () => {
  it('puts the escaped name, the logo, the title, the theme colour, the accent and the JSON in', () => {
    const html = renderStudioPage(built, studio);
    expect(html).not.toContain(STUDIO_NAME_PLACEHOLDER);
    expect(html).not.toContain(STUDIO_LOGO_PLACEHOLDER);
    expect(html).not.toContain('<Photography>');
    expect(html).toContain('<title>Harbour Light &#60;Photography&#62;</title>');
    expect(html).toContain('<span>Harbour Light &#60;Photography&#62;</span>');
    expect(html).toContain('alt="Harbour Light &#60;Photography&#62;"');
    expect(html).toContain('<img src="/api/studio/logo?v=3"');
    expect(html).toContain('<meta name="theme-color" content="#0f766e" />');
    expect(html.match(/Harbour Light &#60;Photography&#62;/g)).toHaveLength(4);
    const data = /<script type="application\/json" id="studio-data">([^<]*)<\/script><\/head>/.exec(html);
    expect(JSON.parse(data![1])).toEqual(studio);
    // the accent's variables come after the build's own (and outweigh them)
    expect(html.indexOf('id="studio-accent"')).toBeGreaterThan(html.indexOf('data-emotion'));
    expect(html).toContain(':root:root{--mui-palette-primary-main:#0f766e;');
  });

  it('a name that tries to end the script or the title stays text', () => {
    const html = renderStudioPage(built, { ...studio, name: '</script><script>alert(1)</script>$& $1 </title>' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;$&#38; $1 &#60;/title&#62;</title>');
    const data = /id="studio-data">([^<]*)<\/script>/.exec(html)![1];
    expect(JSON.parse(data).name).toBe('</script><script>alert(1)</script>$& $1 </title>');
  });

  it('the default accent adds no style; a malformed one is not written', () => {
    expect(accentStyle('#1e3a8a')).toBe('');
    expect(accentStyle('#1E3A8A')).toBe('');
    expect(accentStyle('red;}body{display:none')).toBe('');
    const html = renderStudioPage(built, { ...studio, accentColor: '#1e3a8a', logoUrl: null });
    expect(html).not.toContain('studio-accent');
    expect(html).toContain('content="#1e3a8a"');
  });

  it('escapes', () => {
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;');
    expect(jsonForScript({ s: '<!-- </script>\u2028' })).toBe('{"s":"\\u003c!-- \\u003c/script>\\u2028"}');
  });

  // The server mirrors MUI's colour arithmetic: held against MUI's own theme of the same accent.
  it.each(['#0f766e', '#b91c1c', '#5b21b6', '#000000', '#1e3a8b'])('the variables of %s are those MUI derives', (accent) => {
    const theme = createTheme({ cssVariables: true, palette: { primary: { main: accent, contrastText: '#fff' } } });
    const sheets = (theme as unknown as { generateStyleSheets(): Record<string, Record<string, unknown>>[] }).generateStyleSheets();
    // the theme's rules are all for :root (one colour scheme, light)
    expect(sheets.flatMap(Object.keys)).toEqual(sheets.map(() => ':root'));
    const root = Object.assign({}, ...sheets.map((sheet) => sheet[':root'])) as Record<string, unknown>;
    for (const [name, value] of Object.entries(accentCssVariables(accent))) expect([name, root[name]]).toEqual([name, value]);
  });
});
