import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../errors/http-error.filter';

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request address or headers are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address over 16 kB, a malformed
 * request line) answer in the API's error shape, like every other error, instead of Node's bare
 * status line (Fastify's clientErrorHandler). There is no request object then: the answer is written
 * to the socket.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = ANSWERS[err.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify(errorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
