import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, mockFetch } from '../../test/utils';
import { creditsMethods } from './dataProvider';

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
    await expect(creditsMethods.getClientsWithCredits()).rejects.toThrow('Failed to fetch clients with credits');
    await expect(creditsMethods.getCreditBundleUsage()).rejects.toThrow('Failed to fetch bundle usage');
    await expect(creditsMethods.getCreditProjects(4)).rejects.toThrow('Failed to fetch credit projects: 404 Not Found');
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
