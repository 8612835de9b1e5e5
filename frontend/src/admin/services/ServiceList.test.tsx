import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import { DELETE_SERVICE_CONFIRMATION, ServiceList } from './ServiceList';
import type { ServiceRecord } from './types';

const services: ServiceRecord[] = [
  { id: 2, name: 'Drone Footage', description: '', price: 150, isStandard: false, creditEligible: true, creditCost: 3 },
  {
    id: 1,
    name: 'Wedding Shoot',
    description: 'Full day wedding coverage',
    price: 1234.5,
    isStandard: true,
    creditEligible: false,
    creditCost: 1,
  },
];

const listOf = (data: ServiceRecord[]) => vi.fn(async () => ({ data, total: data.length }));
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('Photography Services page', { timeout: 20_000 }, () => {
  it('shows the catalogue sorted by name, with badges, prices and credit costs', async () => {
    const getList = listOf(services);
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Photography Services' })).toBeInTheDocument();
    expect(screen.getByText('Manage your service offerings')).toBeInTheDocument();
    await screen.findByText('Wedding Shoot');
    expect(getList).toHaveBeenCalledWith('services', expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Service',
      'Description',
      'Price',
      'Type',
      'Credit Eligible',
      'Credit Cost',
      'Actions',
    ]);
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // ID, Service, Description, Price, Type, Credit Eligible, Credit Cost, Actions
    expect(cells('Wedding Shoot').slice(3, 7)).toEqual(['$1,234.50', 'Standard', 'No', '-']);
    expect(cells('Wedding Shoot')[2]).toBe('Full day wedding coverage');
    expect(cells('Drone Footage').slice(3, 7)).toEqual(['$150.00', 'Custom', 'Yes', '3']);
    expect(cells('Drone Footage')[2]).toBe('-');
  });

  it('sorts by Service and Price only', async () => {
    const getList = listOf(services);
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList }) });
    await screen.findByText('Wedding Shoot');
    const header = (name: string) => screen.getAllByRole('columnheader').find((h) => h.textContent === name)!;
    for (const name of ['ID', 'Description', 'Type', 'Credit Eligible', 'Credit Cost', 'Actions']) {
      expect(within(header(name)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(within(header('Service')).getByRole('button')).toBeInTheDocument();
    expect(within(header('Price')).getByRole('button')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Price'));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('services', expect.objectContaining({ sort: { field: 'price', order: 'ASC' } })),
    );
  });

  it("shows 'No services found' with 'Create your first service' when empty", async () => {
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList: listOf([]) }) });
    expect(await screen.findByText('No services found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first service' }));
    expect(await screen.findByRole('dialog', { name: 'New Service' })).toBeInTheDocument();
  });

  it('creates a service with the spec defaults, messages and toast', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: object }) => ({ data: { id: 5, ...data } }));
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList: listOf(services), create }) });
    await screen.findByText('Wedding Shoot');
    await userEvent.click(screen.getByRole('button', { name: 'New Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Service' });
    expect(within(dialog).getByRole('switch', { name: 'Standard Service' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Credit Eligible' })).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Credit Cost')).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Service Name'), 'Al');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Service' }));
    expect(await within(dialog).findByText('Service name must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Service Name'), 'bum Design');
    await userEvent.clear(within(dialog).getByLabelText('Description'));
    await userEvent.type(within(dialog).getByLabelText('Price ($)'), '249.5');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Credit Eligible' }));
    const cost = await within(dialog).findByLabelText('Credit Cost');
    expect(cost).toHaveValue(1);
    await userEvent.clear(cost);
    fireEvent.blur(cost);
    expect(cost).toHaveValue(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Service' }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'services',
        expect.objectContaining({
          data: { name: 'Album Design', description: '', price: 249.5, isStandard: true, creditEligible: true, creditCost: 1 },
        }),
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Service created successfully');
  });

  it("edits pessimistically and shows 'Error' with the server's message on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const update = vi.fn(async () => {
      throw new HttpError('Price is required', 400, {
        statusCode: 400,
        message: 'Price is required',
        errors: { price: 'Price is required' },
      });
    });
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList: listOf(services), update }) });
    await screen.findByText('Wedding Shoot');
    await userEvent.click(within(rowOf('Drone Footage')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(dialog).getByLabelText('Service Name')).toHaveValue('Drone Footage');
    expect(within(dialog).getByLabelText('Price ($)')).toHaveValue(150);
    expect(within(dialog).getByRole('switch', { name: 'Standard Service' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Credit Cost')).toHaveValue(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Service' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'services',
        expect.objectContaining({
          id: 2,
          data: { name: 'Drone Footage', description: '', price: 150, isStandard: false, creditEligible: true, creditCost: 3 },
        }),
      ),
    );
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Price is required');
  });

  it('deletes after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const deleteFn = vi.fn(async () => ({ data: services[0] }));
    renderInAdmin(<ServiceList />, { dataProvider: fakeDataProvider({ getList: listOf(services), delete: deleteFn }) });
    await screen.findByText('Wedding Shoot');
    await userEvent.click(within(rowOf('Drone Footage')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_SERVICE_CONFIRMATION);
    await waitFor(() => expect(deleteFn).toHaveBeenCalledWith('services', expect.objectContaining({ id: 2 })));
    expect(await screen.findByRole('status')).toHaveTextContent('Service deleted successfully');
  });
});
