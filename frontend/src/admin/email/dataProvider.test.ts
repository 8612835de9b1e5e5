import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { emailMethods, outboxSearch, totalFromContentRange } from './dataProvider';

function answer(body: unknown, { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {}) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
}

describe('email dataProvider', () => {
  it('builds the outbox query string like react-admin simple-rest', () => {
    const search = outboxSearch({ page: 2, perPage: 25, q: ' jane ', status: 'failed' });
    const params = new URLSearchParams(search);
    expect(JSON.parse(params.get('range')!)).toEqual([50, 74]);
    expect(JSON.parse(params.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(params.get('filter')!)).toEqual({ q: 'jane', status: 'failed' });
    expect(JSON.parse(new URLSearchParams(outboxSearch({ page: 0, perPage: 10, q: '', status: '' })).get('filter')!)).toEqual({});
  });

  it('reads the total of Content-Range', () => {
    expect(totalFromContentRange('email-outbox 0-24/123')).toBe(123);
    expect(totalFromContentRange('email-outbox 0-0/0')).toBe(0);
    expect(totalFromContentRange('email-outbox 0-24/*')).toBeNull();
    expect(totalFromContentRange(null)).toBeNull();
  });

  it('lists the outbox with the session cookie and the total from the header', async () => {
    const fetch = answer([{ id: '7', kind: 'test', to: 'a@b.co', subject: 'Hi', status: 'sent', attempts: '2' }], {
      headers: { 'Content-Range': 'email-outbox 25-25/26' },
    });
    const page = await emailMethods.getOutbox({ page: 1, perPage: 25, q: '', status: '' });
    expect(page.total).toBe(26);
    expect(page.data[0]).toMatchObject({ id: 7, attempts: 2, lastError: null, serverResponse: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/^\/api\/admin\/email-outbox\?filter=/);
    expect(init).toMatchObject({ credentials: 'include' });
  });

  it('falls back to the rows seen when the header is missing', async () => {
    answer([{ id: 1 }, { id: 2 }]);
    expect((await emailMethods.getOutbox({ page: 1, perPage: 10, q: '', status: '' })).total).toBe(12);
  });

  it('keeps html and text null when the server hides them', async () => {
    answer({ id: 4, kind: 'password-reset', html: null, text: null });
    expect(await emailMethods.getOutboxEmail(4)).toMatchObject({ id: 4, html: null, text: null });
  });

  it('posts the send calls as JSON and reads {success, message}', async () => {
    const fetch = answer({ success: true, message: 'Stored', queued: '3' });
    const result = await emailMethods.sendCustomEmail({ recipients: ['a@b.co'], subject: 'S', htmlContent: '<p>x</p>', sendToAll: false });
    expect(result).toEqual({ success: true, message: 'Stored', queued: 3 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/send-custom-email');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ recipients: ['a@b.co'], subject: 'S', htmlContent: '<p>x</p>', sendToAll: false });
  });

  it('throws HttpError with the body for 4xx answers', async () => {
    answer({ statusCode: 409, message: 'Only a failed email can be sent again' }, { status: 409 });
    const error = await emailMethods.resendOutboxEmail(3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe('Only a failed email can be sent again');
  });
});
