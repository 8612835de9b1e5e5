import { IncomingHttpHeaders, request } from 'node:http';

/** An answer as the client received it: status, headers, text, and the JSON body when it is JSON. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

/**
 * One HTTP request with node:http, byte for byte as given: the path is not re-encoded, the body is
 * not serialised and no header is added but Host and Content-Length. (supertest adds its own content
 * type to strings, and is slow with large bodies.)
 */
export function sendRaw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: method.toUpperCase(),
        path,
        agent: false,
        headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = undefined;
          if (String(res.headers['content-type'] ?? '').startsWith('application/json')) {
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `name=value` pair of a session cookie from Set-Cookie headers, or null. */
export function cookieFrom(setCookie: string[] | string | undefined, name = 'portal.sid'): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const c = list.find((x) => x.startsWith(`${name}=`));
  return c ? c.split(';')[0] : null;
}
