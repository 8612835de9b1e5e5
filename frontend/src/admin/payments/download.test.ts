import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsMethods } from './dataProvider';
import { downloadFile, filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('reads the usual forms', () => {
    expect(filenameFromContentDisposition('attachment; filename="payments-2025-01-05.csv"')).toBe('payments-2025-01-05.csv');
    expect(filenameFromContentDisposition('attachment; filename=payments.csv')).toBe('payments.csv');
    expect(filenameFromContentDisposition('attachment; filename="x.csv"; filename*=UTF-8\'\'pay%C3%A9.csv')).toBe('payé.csv');
  });

  it('gives null without a name and keeps only the last path segment', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});

describe('CSV download', () => {
  let clicked: HTMLAnchorElement[];
  let createObjectURL: ReturnType<typeof vi.fn>;
  let revokeObjectURL: ReturnType<typeof vi.fn>;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

  beforeEach(() => {
    clicked = [];
    createObjectURL = vi.fn(() => 'blob:http://localhost/abc');
    revokeObjectURL = vi.fn();
    URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = revokeObjectURL as unknown as typeof URL.revokeObjectURL;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  const csv = 'ID,Date,Project,Client,Amount,Payment Method,Status,Note\n1,2025-01-05,Smith,Jane,150.00,Manual,completed,\n';

  it('fetches with the session cookie and saves the body under the server-given name', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(csv, {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="payments-2025.csv"' },
      }),
    );
    const result = await downloadFile('/api/payments/export.csv?filter=%7B%7D', 'payments.csv');

    expect(fetchSpy).toHaveBeenCalledWith('/api/payments/export.csv?filter=%7B%7D', expect.objectContaining({ credentials: 'include' }));
    expect(createObjectURL).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(csv);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('payments-2025.csv');
    expect(clicked[0]!.href).toBe('blob:http://localhost/abc');
    expect(document.body.contains(clicked[0]!)).toBe(false);
    expect(result).toEqual({ filename: 'payments-2025.csv', size: csv.length });
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/abc');
  });

  it("falls back to 'payments.csv'", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    await paymentsMethods.exportPaymentsCsv({}, { field: 'paymentDate', order: 'DESC' });
    expect(clicked[0]!.download).toBe('payments.csv');
  });

  it('sends the filter and the sort of the page', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    await paymentsMethods.exportPaymentsCsv({ q: 'smith', day: '2025-01-05', tz: 'Europe/Paris' }, { field: 'paymentDate', order: 'ASC' });
    const url = new URL(String(fetchSpy.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/payments/export.csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'smith', day: '2025-01-05', tz: 'Europe/Paris' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['paymentDate', 'ASC']);
  });

  it("raises the server's message and downloads nothing on failure", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 403, message: 'Forbidden resource' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(downloadFile('/api/payments/export.csv', 'payments.csv')).rejects.toMatchObject({
      message: 'Forbidden resource',
      status: 403,
    });
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
  });
});

describe('payments summary', () => {
  it('asks GET /api/payments/summary with the filter', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ total: 450.5, count: 3 }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    const { data } = await paymentsMethods.getPaymentsSummary({ q: '150', day: '2025-01-05', tz: 'UTC' });
    expect(data).toEqual({ total: 450.5, count: 3 });
    const [input, init] = fetchSpy.mock.calls[0]!;
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/payments/summary');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: '150', day: '2025-01-05', tz: 'UTC' });
    expect(init).toMatchObject({ credentials: 'include' });
  });
});
