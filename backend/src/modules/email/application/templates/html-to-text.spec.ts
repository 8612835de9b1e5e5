import fc from 'fast-check';
import { htmlToText } from './html-to-text';

describe('htmlToText: the plain-text part of an HTML e-mail', () => {
  it('keeps the words, paragraphs, list items and link addresses', () => {
    const text = htmlToText(
      '<h1>Spring &amp; light</h1><p>Book <a href="https://studio.test/book?a=1&amp;b=2">your slot</a> today.</p><ul><li>Friday</li><li>Saturday</li></ul><p>Line<br>break</p>',
    );
    expect(text).toBe('Spring & light\n\nBook your slot (https://studio.test/book?a=1&b=2) today.\n\n- Friday\n- Saturday\n\nLine\nbreak');
  });

  it('drops scripts, styles, comments and the head', () => {
    expect(
      htmlToText(
        '<html><head><title>T</title><style>p{color:red}</style></head><body><!-- hidden --><p>Hi</p><script>alert(1)</script></body></html>',
      ),
    ).toBe('Hi');
  });

  it('writes a link once when its label is its address, and decodes numeric entities', () => {
    expect(htmlToText('<a href="https://x.test">https://x.test</a> &#169; &#x2764; &nbsp;ok')).toBe('https://x.test © ❤ ok');
  });

  it('never throws and never leaves a tag behind, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const out = htmlToText(`<p>${s.replace(/[<>]/g, '')}</p>`);
        expect(out).not.toMatch(/<\/?p>/);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => typeof htmlToText(s) === 'string'));
  });
});
