import { redactUrl } from './redact-url';

describe('redactUrl: no query value reaches the log (CONTRACT §12)', () => {
  it.each([
    ['/api/projects', '/api/projects'],
    ['/api/projects?', '/api/projects'],
    ['/verify-email?token=abc123', '/verify-email?token=[redacted]'],
    ['/auth?tab=register&email=ann%40x.com&invite=s3cr3t', '/auth?tab=[redacted]&email=[redacted]&invite=[redacted]'],
    ['/api/projects?access_token=sp_live_1234', '/api/projects?access_token=[redacted]'],
    ['/api/media/projects/1/2/original?exp=1700000000&sig=ab12', '/api/media/projects/1/2/original?exp=[redacted]&sig=[redacted]'],
    ['/x?TOKEN=a&Code=b', '/x?TOKEN=[redacted]&Code=[redacted]'],
    ['/x?sp_live_abc&sig=a=b=c', '/x?[redacted]&sig=[redacted]'],
    ['/x?bad=%E0%A4%A', '/x?bad=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
