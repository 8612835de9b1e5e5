import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, mockFetch } from '../../test/utils';
import { creditsMethods, totalFromContentRange } from './dataProvider';

afterEach(() => vi.restoreAllMocks());

describe('credits dataProvider methods', () => {
  it('lists every bundle from GET /api/credit-bundles/admin, numbers as numbers', async () => {
    mockFetch({
      'GET /api/credit-bundles/admin': {
        body: [{ id: 1, name: 'Starter', description: null, creditAmount: 5, price: '49.50', isActive: false }],
      },
    });
    expect(await creditsMethods.getCreditBundlesAdmin()).toEqual({
      data: [{ id: 1, name: 'Starter', description: '', creditAmount: 5, price: 49.5, isActive: false }],
    });
  });

  it("raises the spec's list failures", async () => {
    mockFetch({});
    await expect(creditsMethods.getCreditBundlesAdmin()).rejects.toThrow('Failed to fetch credit bundles');
    await expect(creditsMethods.getClientsWithCredits({ q: '', page: 0, perPage: 25 })).rejects.toThrow(
      'Failed to fetch clients with credits',
    );
    await expect(creditsMethods.getCreditBundleUsage()).rejects.toThrow('Failed to fetch bundle usage');
    await expect(creditsMethods.getCreditProjects(4)).rejects.toThrow('Failed to fetch credit projects: 404 Not Found');
  });

  it('asks GET /api/clients-with-credits for one page with the trimmed search; the total from Content-Range', async () => {
    const client = {
      id: 7,
      username: 'Jane',
      email: 'jane@example.com',
      creditBalance: '4',
      transactions: [{ id: 1, amount: '2', type: 'purchase' }],
    };
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify([client]), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'clients-with-credits 25-25/26' },
        }),
    );
    const page = await creditsMethods.getClientsWithCredits({ q: '  50% off & more ', page: 1, perPage: 25 });
    expect(page).toEqual({
      data: [
        { id: 7, username: 'Jane', email: 'jane@example.com', creditBalance: 4, transactions: [{ id: 1, amount: 2, type: 'purchase' }] },
      ],
      total: 26,
    });
    const url = new URL(String(spy.mock.calls[0]![0]), 'http://portal.test');
    expect(url.pathname).toBe('/api/clients-with-credits');
    expect(url.searchParams.get('q')).toBe('50% off & more');
    expect(url.searchParams.get('range')).toBe('[25,49]');

    await creditsMethods.getClientsWithCredits({ q: '   ', page: 0, perPage: 25 });
    expect(String(spy.mock.calls[1]![0])).toBe(`/api/clients-with-credits?range=${encodeURIComponent('[0,24]')}`);
  });

  it('reads the total of a Content-Range', () => {
    expect(totalFromContentRange('clients-with-credits 0-24/2000')).toBe(2000);
    expect(totalFromContentRange('clients-with-credits 0-0/0')).toBe(0);
    expect(totalFromContentRange('clients-with-credits 0-24/*')).toBeNull();
    expect(totalFromContentRange(null)).toBeNull();
  });

  it('creates with POST, edits with PATCH and deletes with DELETE', async () => {
    const bundle = { id: 3, name: 'Pro', description: '', creditAmount: 10, price: 90, isActive: true };
    const spy = mockFetch({
      'POST /api/credit-bundles': { status: 201, body: bundle },
      'PATCH /api/credit-bundles/3': { body: { ...bundle, price: 95 } },
      'DELETE /api/credit-bundles/3': { status: 204 },
    });
    const { id: _id, ...data } = bundle;
    expect((await creditsMethods.createCreditBundle(data)).data).toEqual(bundle);
    expect(bodyOf(spy, 'POST /api/credit-bundles')).toEqual(data);
    expect((await creditsMethods.updateCreditBundle(3, { ...data, price: 95 })).data.price).toBe(95);
    expect(bodyOf(spy, 'PATCH /api/credit-bundles/3')).toEqual({ ...data, price: 95 });
    await creditsMethods.deleteCreditBundle(3);
    expect(callsTo(spy, 'DELETE /api/credit-bundles/3')).toHaveLength(1);
  });

  it("posts adjustments and rejects with the server's message", async () => {
    const spy = mockFetch({ 'POST /api/credit-adjustments': { body: { userId: 7, balance: 5 } } });
    expect((await creditsMethods.adjustCredits({ userId: 7, amount: 5, type: 'add' })).data).toEqual({ userId: 7, balance: 5 });
    expect(bodyOf(spy, 'POST /api/credit-adjustments')).toEqual({ userId: 7, amount: 5, type: 'add' });

    spy.mockRestore();
    mockFetch({
      'POST /api/credit-adjustments': {
        status: 400,
        body: { statusCode: 400, message: 'Cannot remove more credits than the client has (balance: 1)' },
      },
    });
    const error = await creditsMethods.adjustCredits({ userId: 7, amount: 5, type: 'remove' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Cannot remove more credits than the client has (balance: 1)');
  });
});
