import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../../shared/config/app-config';
import { HttpWebhookSender } from './http-webhook-sender';

/** A real local receiver; what it does per path. */
describe('HttpWebhookSender', () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/hang') return void held.push(res);
      if (req.url === '/moved') return void res.writeHead(302, { Location: `http://127.0.0.1:${port}/inside` }).end();
      res.writeHead(req.url === '/fail' ? 500 : 204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    held.forEach((r) => r.destroy());
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => (seen.length = 0));

  const sender = (allowPrivate: boolean) => new HttpWebhookSender({ webhookAllowPrivateUrls: allowPrivate } as AppConfig);
  const post = (allowPrivate: boolean, url: string, timeoutMs = 2000) =>
    sender(allowPrivate).send({ url, headers: { 'Content-Type': 'application/json' }, body: '{"id":"evt_1"}' }, timeoutMs);

  it('answers the status code of the receiver', async () => {
    expect(await post(true, `http://127.0.0.1:${port}/ok`)).toEqual({ statusCode: 204, error: null });
    expect(await post(true, `http://127.0.0.1:${port}/fail`)).toEqual({ statusCode: 500, error: 'The receiver answered 500' });
  });

  it('does not follow a redirect', async () => {
    expect(await post(true, `http://127.0.0.1:${port}/moved`)).toEqual({
      statusCode: 302,
      error: 'The receiver answered 302 (redirects are not followed)',
    });
    expect(seen).toEqual(['/moved']);
  });

  it('gives up on a receiver that does not answer within the time', async () => {
    const started = Date.now();
    expect(await post(true, `http://127.0.0.1:${port}/hang`, 300)).toEqual({ statusCode: null, error: 'No answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await post(true, `http://127.0.0.1:${freePort}/`)).toEqual({
      statusCode: null,
      error: 'The connection was refused (ECONNREFUSED)',
    });
  });

  it('without WEBHOOK_ALLOW_PRIVATE_URLS, refuses at the moment of sending a name that now resolves to a private address', async () => {
    // e.g. an endpoint saved while its name pointed outside, re-pointed to the loopback since
    expect(await post(false, `https://localhost:${port}/ok`)).toEqual({
      statusCode: null,
      error: 'Refused: the URL now points to a private or local address',
    });
    expect(await post(false, `https://127.0.0.1:${port}/ok`)).toEqual({
      statusCode: null,
      error: 'Refused: the URL now points to a private or local address',
    });
    expect(await post(false, `https://[::ffff:127.0.0.1]:${port}/ok`)).toEqual({
      statusCode: null,
      error: 'Refused: the URL now points to a private or local address',
    });
    expect(await post(false, `http://93.184.216.34/hook`)).toEqual({ statusCode: null, error: 'Refused: URL must use https' });
    expect(seen).toEqual([]);
  });
});
