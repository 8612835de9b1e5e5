import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/schema';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { line, project } from '../features/projects/fixtures';
import { ProjectsPage } from './ProjectsPage';

const LIST = `GET /api/projects/client/${client.id}`;
const CREDITS = `GET /api/user-credits/${client.id}`;
const REDEEM = 'POST /api/redeem-credits';
const CONFIG = 'GET /api/public-config';

type Routes = Parameters<typeof mockFetch>[0];

// all services credit-eligible: 3 credits cover the project
const full = project({
  id: 2,
  name: '5 Maple Street',
  price: 300,
  unpaidAmount: 300,
  creditsDue: 3,
  services: [line({ serviceId: 1, name: 'Photography', price: 100, quantity: 3, lineTotal: 300, creditCost: 1 })],
});
const fullPaid: Project = { ...full, isPaid: true, unpaidAmount: 0, creditsDue: 0, downloadLink: 'https://files.example.com/maple' };

// one eligible service (2 credits) and one that must be paid by card ($50)
const mixed = project({
  id: 3,
  name: '9 Elm Road',
  price: 250,
  unpaidAmount: 250,
  creditsDue: 2,
  services: [
    line({ serviceId: 1, name: 'Photography', price: 200, quantity: 1, lineTotal: 200, creditCost: 2 }),
    line({ serviceId: 4, name: 'Printing', price: 50, quantity: 1, lineTotal: 50, creditEligible: false, creditCost: 0 }),
  ],
});
const mixedAfter: Project = { ...mixed, unpaidAmount: 50, creditsDue: 0 };

function renderPage(routes: Routes) {
  const spy = mockFetch({
    [CONFIG]: { body: { bookingUrl: null, paymentMode: 'emulator', stripePublishableKey: null } },
    ...routes,
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/projects" element={<ProjectsPage />} />
      <Route path="/credits" element={<h1>Credits route</h1>} />
    </Routes>,
    { route: '/projects', user: client },
  );
  return { spy, ...view };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('My Projects: credits', () => {
  it("shows the balance chip 'N credits' with a 'Get More' link to /credits", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy, queryClient, location } = renderPage({
      [LIST]: { body: [full] },
      [CREDITS]: { body: { userId: client.id, balance: 12 } },
    });
    const chip = await screen.findByTestId('credit-balance');
    await waitFor(() => expect(chip).toHaveTextContent('12 credits'));
    expect(callsTo(spy, CREDITS)).toHaveLength(1);
    expect(queryClient.getQueryData(['/api/user-credits', client.id])).toEqual({ userId: client.id, balance: 12 });
    const link = within(chip).getByRole('link', { name: 'Get More' });
    expect(link).toHaveAttribute('href', '/credits');
    await user.click(link);
    expect(location()).toBe('/credits');
  });

  it("toasts 'Failed to load your credit balance...' when the balance cannot be loaded", async () => {
    renderPage({
      [LIST]: { body: [full] },
      [CREDITS]: { status: 500, body: { statusCode: 500, message: 'boom' } },
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to load your credit balance...');
    // the cards still show; the credit button stays disabled while the balance is unknown
    const c = await card('5 Maple Street');
    expect(within(c).getByRole('button', { name: 'Use Credits (3)' })).toBeDisabled();
  });

  it("'Use Credits (N)' shows the project's creditsDue; only on unpaid projects with credits due", async () => {
    const noCredits = project({ id: 4, name: '1 Bay Lane', creditsDue: 0, services: [line({ creditEligible: false, creditCost: 0 })] });
    const paid = { ...fullPaid, id: 5, name: '7 Pine Court', creditsDue: 0 };
    renderPage({
      [LIST]: { body: [full, noCredits, paid] },
      [CREDITS]: { body: { userId: client.id, balance: 5 } },
    });
    const c = await card('5 Maple Street');
    await waitFor(() => expect(within(c).getByRole('button', { name: 'Use Credits (3)' })).toBeEnabled());
    expect(within(c).getByRole('button', { name: 'Pay with Card' })).toBeInTheDocument();
    expect(within(await card('1 Bay Lane')).queryByRole('button', { name: /Use Credits/ })).not.toBeInTheDocument();
    expect(within(await card('7 Pine Court')).queryByRole('button', { name: /Use Credits/ })).not.toBeInTheDocument();
  });

  it("with too few credits the button is disabled, wrapped in a span with the tooltip 'Insufficient credits'", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = renderPage({
      [LIST]: { body: [full] },
      [CREDITS]: { body: { userId: client.id, balance: 2 } },
    });
    const c = await card('5 Maple Street');
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('2 credits'));
    const button = () => within(c).getByRole('button', { name: 'Use Credits (3)' });
    expect(button()).toBeDisabled();
    // the tooltip is a lazy chunk: once it is in, the span carries its text as its accessible name
    await waitFor(() => expect(button().parentElement).toHaveAttribute('aria-label', 'Insufficient credits'));
    const wrapper = button().parentElement as HTMLElement;
    expect(wrapper.tagName).toBe('SPAN');
    await user.hover(wrapper);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Insufficient credits');
    expect(callsTo(spy, REDEEM)).toHaveLength(0);
  });

  it('redeems without confirmation; all covered: the card turns Paid with View Project and the balance drops', async () => {
    const user = userEvent.setup({ delay: null });
    let redeemed = false;
    const { spy } = renderPage({
      [LIST]: () => ({ body: [redeemed ? fullPaid : full] }),
      [CREDITS]: () => ({ body: { userId: client.id, balance: redeemed ? 2 : 5 } }),
      [REDEEM]: () => {
        redeemed = true;
        return { body: { hasRemainingServices: false, remainingBalance: 0, creditBalance: 2 } };
      },
    });
    const c = await card('5 Maple Street');
    const button = within(c).getByRole('button', { name: 'Use Credits (3)' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    await waitFor(() => expect(within(c).getByRole('link', { name: 'View Project' })).toBeInTheDocument());
    expect(within(c).getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(spy, REDEEM)).toEqual({ projectId: 2, description: 'Credits used on 5 Maple Street' });
    expect(callsTo(spy, REDEEM)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('2 credits'));
    expect(callsTo(spy, LIST).length).toBeGreaterThanOrEqual(2);
    expect(callsTo(spy, CREDITS).length).toBeGreaterThanOrEqual(2);
  });

  it("services left: 'Credits Successfully Redeemed!' with a disabled 'Credits Used' and 'Pay Remaining' opening the card dialog", async () => {
    const user = userEvent.setup({ delay: null });
    let redeemed = false;
    const { spy } = renderPage({
      [LIST]: () => ({ body: [redeemed ? mixedAfter : mixed] }),
      [CREDITS]: () => ({ body: { userId: client.id, balance: redeemed ? 1 : 3 } }),
      [REDEEM]: () => {
        redeemed = true;
        return { body: { hasRemainingServices: true, remainingBalance: 50, creditBalance: 1 } };
      },
      'GET /api/project-remaining-balance/3': { body: { unpaidAmount: 50 } },
      'POST /api/create-payment-intent': { body: { clientSecret: 'pi_9_secret_x', amount: 50, paymentIntentId: 'pi_9' } },
    });
    const c = await card('9 Elm Road');
    const button = within(c).getByRole('button', { name: 'Use Credits (2)' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    expect(await within(c).findByText('Credits Successfully Redeemed!')).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Credits Used' })).toBeDisabled();
    expect(within(c).queryByRole('button', { name: /Use Credits/ })).not.toBeInTheDocument();
    expect(within(c).getByText('Unpaid')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('1 credit'));

    await user.click(within(c).getByRole('button', { name: 'Pay Remaining' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByTestId('amount-due')).toHaveTextContent('$50.00');
    expect(bodyOf(spy, 'POST /api/create-payment-intent')).toEqual({ projectId: 3 });
  });

  it("a refused redemption toasts 'Redemption Failed' with the server's message and keeps the card", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      [LIST]: { body: [full] },
      [CREDITS]: { body: { userId: client.id, balance: 5 } },
      [REDEEM]: { status: 400, body: { statusCode: 400, message: 'Insufficient credits' } },
    });
    const c = await card('5 Maple Street');
    const button = within(c).getByRole('button', { name: 'Use Credits (3)' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Redemption Failed');
    expect(toast).toHaveTextContent('Insufficient credits');
    expect(within(c).queryByText('Credits Successfully Redeemed!')).not.toBeInTheDocument();
    await waitFor(() => expect(within(c).getByRole('button', { name: 'Use Credits (3)' })).toBeEnabled());
  });
});
