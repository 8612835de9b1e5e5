import { Injectable } from '@nestjs/common';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppConfig } from '../../../../shared/config/app-config';
import { WebhookSender, type OutgoingWebhook } from '../../application/ports/webhook-sender';
import type { DeliveryAttemptResult } from '../../domain/webhook-delivery';
import { isPrivateAddress, webhookUrlFormProblem, WEBHOOK_URL_MESSAGES } from '../../domain/webhook-url';

const PRIVATE_REFUSED = 'Refused: the URL now points to a private or local address';

/**
 * node:http(s) with the address checked at the moment of connecting: the socket's own DNS lookup is
 * replaced by one that refuses a name resolving to any private address (unless WEBHOOK_ALLOW_PRIVATE_URLS),
 * so a name re-pointed after the endpoint was saved, or answering differently on a second lookup, cannot
 * reach inside. No agent (each try resolves and checks afresh), no redirects followed (a 3xx is an answer
 * like any other non-2xx), and the whole try, answer headers included, within the time.
 */
@Injectable()
export class HttpWebhookSender extends WebhookSender {
  constructor(private readonly config: AppConfig) {
    super();
  }

  send(outgoing: OutgoingWebhook, timeoutMs: number): Promise<DeliveryAttemptResult> {
    const allowPrivate = this.config.webhookAllowPrivateUrls;
    const form = webhookUrlFormProblem(outgoing.url, allowPrivate);
    if (form) return Promise.resolve({ statusCode: null, error: `Refused: ${WEBHOOK_URL_MESSAGES[form]}` });
    const url = new URL(outgoing.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return Promise.resolve({ statusCode: null, error: PRIVATE_REFUSED });

    const options: RequestOptions = {
      method: 'POST',
      headers: { ...outgoing.headers, 'Content-Length': String(Buffer.byteLength(outgoing.body)) },
      agent: false,
      lookup: allowPrivate ? undefined : publicOnlyLookup,
    };
    return new Promise<DeliveryAttemptResult>((resolve) => {
      try {
        this.post(url, options, outgoing.body, timeoutMs, resolve);
      } catch (err) {
        resolve({ statusCode: null, error: describe(err as NodeJS.ErrnoException) }); // e.g. a header value Node refuses
      }
    });
  }

  private post(url: URL, options: RequestOptions, body: string, timeoutMs: number, resolve: (r: DeliveryAttemptResult) => void): void {
    {
      let settled = false;
      const done = (result: DeliveryAttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req: ClientRequest = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
        const statusCode = res.statusCode ?? 0;
        res.resume(); // the body is not needed
        res.on('error', () => undefined);
        const redirect = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
        done({ statusCode, error: statusCode >= 200 && statusCode < 300 ? null : `The receiver answered ${statusCode}${redirect}` });
        req.destroy();
      });
      const timer = setTimeout(() => {
        done({ statusCode: null, error: `No answer within ${timeoutMs / 1000} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        done({ statusCode: null, error: err.code === 'WEBHOOK_PRIVATE_ADDRESS' ? PRIVATE_REFUSED : describe(err) });
      });
      req.end(body);
    }
  }
}

/** The system's lookup, every address; an error when any of them is private. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      const refused: NodeJS.ErrnoException = new Error(PRIVATE_REFUSED);
      refused.code = 'WEBHOOK_PRIVATE_ADDRESS';
      return callback(refused, '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

function describe(err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return `The host name could not be resolved (${err.code})`;
  if (err.code === 'ECONNREFUSED') return 'The connection was refused (ECONNREFUSED)';
  if (err.code === 'ECONNRESET') return 'The connection was reset (ECONNRESET)';
  return err.code ? `${err.code}: ${err.message}` : err.message;
}
