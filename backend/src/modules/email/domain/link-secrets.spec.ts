import { carriesLinkToken, hideLinkSecrets } from './link-secrets';

describe("hideLinkSecrets: the tokens of a message's links, hidden for the back office", () => {
  it.each([
    ['http://portal.test/verify-email?token=q3V9_-abc\n', 'http://portal.test/verify-email?token=[hidden]\n'],
    ['<a href="http://p/verify-email?token=q3V9">x</a>', '<a href="http://p/verify-email?token=[hidden]">x</a>'],
    ['http://p/auth?tab=register&email=a%40b.c&invite=Zz9_-', 'http://p/auth?tab=register&email=a%40b.c&invite=[hidden]'],
    [
      'href="http://p/auth?tab=register&amp;email=a%40b.c&amp;invite=Zz9"',
      'href="http://p/auth?tab=register&amp;email=a%40b.c&amp;invite=[hidden]"',
    ],
    [
      '/api/media/x?exp=17&sig=abc&Code=1 and ?ACCESS_TOKEN=sp_1',
      '/api/media/x?exp=17&sig=[hidden]&Code=[hidden] and ?ACCESS_TOKEN=[hidden]',
    ],
    ['a token=abc outside a link, mytoken=abc', 'a token=abc outside a link, mytoken=abc'],
  ])('%p', (body, shown) => {
    expect(hideLinkSecrets(body)).toBe(shown);
  });

  it('applies to the welcome, verification and invitation e-mails', () => {
    expect(['welcome', 'email-verification', 'invitation'].every(carriesLinkToken)).toBe(true);
    expect(['custom', 'receipt', 'test', 'project-notification'].some(carriesLinkToken)).toBe(false);
  });
});
