import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ProjectFormDialog } from './ProjectFormDialog';
import { fakeDataProvider, renderInAdmin } from './test-helpers';
import type { Project } from './types';

const services = [
  { id: 1, name: 'Portrait Session', price: 150, description: '', creditEligible: true, creditCost: 2 },
  { id: 2, name: 'Retouching', price: '12.50', description: '', creditEligible: false, creditCost: 1 },
];
const clients = [
  { id: 7, username: 'Jane Client', email: 'jane@example.com', role: 'client' },
  { id: 8, username: 'Bob Buyer', email: 'bob@example.com', role: 'client' },
];

function setup(project?: Project, overrides = {}) {
  const dp = fakeDataProvider({ services, clients }, overrides);
  const onClose = vi.fn();
  renderInAdmin(<ProjectFormDialog open project={project} onClose={onClose} />, dp);
  return { dp, onClose, user: userEvent.setup() };
}

async function addService(user: ReturnType<typeof userEvent.setup>, name: string, quantity = 1) {
  await user.click(screen.getByRole('combobox', { name: 'Service' }));
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  const qty = screen.getByRole('spinbutton', { name: 'Quantity' });
  for (let i = 1; i < quantity; i++) await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(qty).toHaveValue(quantity);
  await user.click(screen.getByRole('button', { name: 'Add' }));
}

async function pickClient(user: ReturnType<typeof userEvent.setup>, text: string, name: string) {
  await user.type(screen.getByRole('combobox', { name: /Client/ }), text);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('Create Project dialog', { timeout: 30_000 }, () => {
  it('shows the fields of the spec and a read-only total computed from the lines', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'Create Project' }, { timeout: 20_000 })).toBeInTheDocument();
    for (const label of ['Project Name', 'Download Link', 'Thumbnail URL', '# of Photos']) {
      expect(screen.getByLabelText(new RegExp(label))).toBeInTheDocument();
    }
    expect(screen.getByText('this will mark the project as paid without requiring client payment')).toBeInTheDocument();
    const total = screen.getByLabelText('Total Price');
    expect(total).toHaveAttribute('readonly');
    expect(total).toHaveValue('$0.00');

    await addService(user, 'Portrait Session', 2);
    await addService(user, 'Retouching', 3);
    expect(total).toHaveValue('$337.50');

    const lines = screen.getByRole('list', { name: 'Selected services' });
    expect(within(lines).getByText('Portrait Session')).toBeInTheDocument();
    expect(within(lines).getByText('2 × $150.00')).toBeInTheDocument();
    await user.click(within(lines).getAllByRole('button', { name: 'Remove' })[0]!);
    expect(total).toHaveValue('$37.50');
  });

  it("stops with 'Client required' when no client is chosen", async () => {
    const { user, dp } = setup();
    await user.type(await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 }), 'Smith wedding');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Client required')).toBeInTheDocument();
    expect(screen.getAllByText('Please select a client for this project').length).toBeGreaterThan(0);
    expect(dp.create).not.toHaveBeenCalled();
  });

  it("shows 'Validation error' for other failures", async () => {
    const { user, dp } = setup();
    await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 });
    await pickClient(user, 'Jan', 'Jane Client');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Validation error')).toBeInTheDocument();
    expect(screen.getByText('Please check the form for errors.')).toBeInTheDocument();
    expect(screen.getByText('Project name is required')).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();
  });

  it('searches clients on the server with role client', async () => {
    const { user, dp } = setup();
    await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 });
    await user.type(screen.getByRole('combobox', { name: /Client/ }), 'zzz');
    await waitFor(() =>
      expect(dp.getList).toHaveBeenCalledWith('clients', expect.objectContaining({ filter: { q: 'zzz', role: 'client' } })),
    );
  });

  it('sends the contract body and closes on success', async () => {
    const { user, dp, onClose } = setup();
    await user.type(await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 }), 'Smith wedding');
    await pickClient(user, 'Bob', 'Bob Buyer');
    await user.type(screen.getByLabelText(/Thumbnail URL/), 'https://example.com/t.jpg');
    await user.type(screen.getByLabelText(/Download Link/), 'https://example.com/files');
    const photos = screen.getByLabelText('# of Photos');
    await user.clear(photos);
    await user.type(photos, '40');
    await addService(user, 'Portrait Session', 1);
    await addService(user, 'Retouching', 2);
    await user.click(screen.getByRole('checkbox', { name: 'Mark as Already Paid' }));
    await user.click(screen.getByRole('button', { name: 'Create Project' }));

    await waitFor(() => expect(dp.create).toHaveBeenCalledOnce());
    expect(dp.create).toHaveBeenCalledWith('projects', {
      data: {
        name: 'Smith wedding',
        clientId: 8,
        thumbnailUrl: 'https://example.com/t.jpg',
        downloadLink: 'https://example.com/files',
        photoCount: 40,
        isPaid: true,
        price: 175,
        depositAmount: null,
        selectedServices: [
          { serviceId: 1, quantity: 1 },
          { serviceId: 2, quantity: 2 },
        ],
      },
    });
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message when creating fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(undefined, {
      create: vi.fn(async () => {
        throw new HttpError('Client not found', 400, { message: 'Client not found' });
      }),
    });
    await user.type(await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 }), 'X');
    await pickClient(user, 'Jan', 'Jane Client');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Error creating project')).toBeInTheDocument();
    expect(screen.getByText('Client not found')).toBeInTheDocument();
  });

  it('sends the Deposit in dollars, and checks it against the total first', async () => {
    const { user, dp } = setup();
    await user.type(await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 }), 'Deposit shoot');
    await pickClient(user, 'Bob', 'Bob Buyer');
    await addService(user, 'Portrait Session', 1);
    const deposit = screen.getByRole('textbox', { name: 'Deposit' });
    expect(screen.getByText('Optional: paid by the client before the rest, at most the total price')).toBeInTheDocument();

    await user.type(deposit, '150.01');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText("Deposit must be at most the project's price ($150.00)")).toBeInTheDocument();
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
    await user.clear(deposit);
    await user.type(deposit, '12.345');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Deposit must be an amount in dollars with at most 2 decimals')).toBeInTheDocument();
    expect(dp.create).not.toHaveBeenCalled();

    await user.clear(deposit);
    await user.type(deposit, '50');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(dp.create).toHaveBeenCalledOnce());
    expect(dp.create).toHaveBeenCalledWith('projects', { data: expect.objectContaining({ price: 150, depositAmount: 50 }) });
  });

  it("puts the server's deposit message under the field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = "Deposit must be at most the project's price ($150.00)";
    const { user } = setup(undefined, {
      create: vi.fn(async () => {
        throw new HttpError(message, 400, { message, errors: { depositAmount: message } });
      }),
    });
    await user.type(await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 }), 'X');
    await pickClient(user, 'Jan', 'Jane Client');
    await addService(user, 'Portrait Session', 1);
    await user.type(screen.getByRole('textbox', { name: 'Deposit' }), '100');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Error creating project')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Deposit' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(message).length).toBe(2); // the toast and the field
  });

  it('shows an error icon when the thumbnail cannot be loaded', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText(/Thumbnail URL/, {}, { timeout: 20_000 }), 'https://bad/x.jpg');
    const img = screen.getByAltText('Thumbnail preview');
    img.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('img', { name: 'Image failed to load' })).toBeInTheDocument();
  });
});

describe('Edit Project dialog', { timeout: 30_000 }, () => {
  const project = {
    id: 12,
    name: 'Old name',
    description: 'Beach shoot',
    clientId: 7,
    clientName: 'Jane Client',
    thumbnailUrl: '',
    downloadLink: 'https://example.com/dl',
    photoCount: 10,
    price: 300,
    isPaid: false,
    date: '2025-03-01T09:00:00.000Z',
    services: [{ serviceId: 1, name: 'Portrait Session', price: 150, quantity: 2, lineTotal: 300 }],
  } as Project;

  it('is prefilled and sends PUT with id and date', async () => {
    const { user, dp } = setup(project);
    const name = await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 });
    expect(screen.getByRole('heading', { name: 'Edit Project' })).toBeInTheDocument();
    expect(name).toHaveValue('Old name');
    expect(screen.getByRole('combobox', { name: /Client/ })).toHaveValue('Jane Client');
    expect(screen.getByLabelText('Total Price')).toHaveValue('$300.00');
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await waitFor(() => expect(dp.update).toHaveBeenCalledOnce());
    expect(dp.update).toHaveBeenCalledWith(
      'projects',
      expect.objectContaining({
        id: 12,
        data: {
          id: 12,
          date: '2025-03-01T09:00:00.000Z',
          description: 'Beach shoot',
          name: 'New name',
          clientId: 7,
          thumbnailUrl: '',
          downloadLink: 'https://example.com/dl',
          photoCount: 10,
          isPaid: false,
          price: 300,
          depositAmount: null,
          selectedServices: [{ serviceId: 1, quantity: 2 }],
        },
      }),
    );
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
  });

  it('shows the deposit and clears it when the field is emptied', async () => {
    const { user, dp } = setup({ ...project, depositAmount: 80, depositDue: 80 } as Project);
    const deposit = await screen.findByRole('textbox', { name: 'Deposit' }, { timeout: 20_000 });
    expect(deposit).toHaveValue('80.00');
    await user.clear(deposit);
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await waitFor(() => expect(dp.update).toHaveBeenCalledOnce());
    expect(dp.update).toHaveBeenCalledWith('projects', expect.objectContaining({ data: expect.objectContaining({ depositAmount: null }) }));
  });

  it('falls back to the generic sentence when the update fails without a message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(project, {
      update: vi.fn(async () => {
        throw new HttpError('', 500, {});
      }),
    });
    await screen.findByLabelText(/Project Name/, {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    expect(await screen.findByText('Error updating project')).toBeInTheDocument();
    expect(screen.getByText('Failed to update project. Please try again.')).toBeInTheDocument();
  });
});
