import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../clients/testing';
import { fakeApi } from '../../shared/testing';
import { admin } from '../../../test/utils';
import { DashboardPage } from '../DashboardPage';
import { dashboardMethods, type DashboardSummary } from './dataProvider';
import { gettingStartedMethods } from './gettingStarted';
import { HIDDEN_KEY } from './GettingStarted';

const summary = (clients: number): DashboardSummary => ({
  revenue: { amount: 0, count: 0, month: 'November 2026' },
  pending: { amount: 0, count: 0 },
  activeClients: { count: clients, newThisMonth: clients },
  recentActivity: [],
});

interface State {
  services: number;
  clients: number;
  stripe: boolean;
  email: boolean;
  twoFactor: boolean;
}

function setup(state: State) {
  fakeApi(dashboardMethods, { getDashboard: async () => ({ data: summary(state.clients) }) });
  const calls = fakeApi(gettingStartedMethods, {
    serviceCount: async () => state.services,
    stripeConnected: async () => state.stripe,
    emailConnected: async () => state.email,
  });
  renderInAdmin(<DashboardPage />, { dataProvider: fakeDataProvider(), user: { ...admin, twoFactorEnabled: state.twoFactor } });
  return calls;
}

const fresh: State = { services: 0, clients: 0, stripe: false, email: false, twoFactor: false };

const LABELS = ['Add a service', 'Invite a client', 'Connect Stripe', 'Connect e-mail', 'Turn on two-factor sign-in'];

/** Each step of the card: its label, where it links to, and its state as its icon names it ('Done', 'To do'). */
function stepsOf(card: HTMLElement) {
  return within(card)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      return {
        label: LABELS.find((l) => link.textContent?.includes(l)),
        href: link.getAttribute('href'),
        state: within(item).getByTitle(/^(Done|To do)$/).textContent,
      };
    });
}

describe('Dashboard: Getting started', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.removeItem(HIDDEN_KEY));
  afterEach(() => localStorage.removeItem(HIDDEN_KEY));

  it('lists the five first steps of a new studio, none done, each linking to its page', async () => {
    setup(fresh);
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(card).toHaveTextContent('0 of 5 done');
    expect(stepsOf(card)).toEqual([
      { label: 'Add a service', href: '/services', state: 'To do' },
      { label: 'Invite a client', href: '/email', state: 'To do' },
      { label: 'Connect Stripe', href: '/payments', state: 'To do' },
      { label: 'Connect e-mail', href: '/email', state: 'To do' },
      { label: 'Turn on two-factor sign-in', href: '/account', state: 'To do' },
    ]);
  });

  it('ticks what is done: a service, a client, e-mail and two-factor, but not Stripe', async () => {
    setup({ services: 2, clients: 1, stripe: false, email: true, twoFactor: true });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(card).toHaveTextContent('4 of 5 done');
    expect(stepsOf(card).map((s) => [s.label, s.state])).toEqual([
      ['Add a service', 'Done'],
      ['Invite a client', 'Done'],
      ['Connect Stripe', 'To do'],
      ['Connect e-mail', 'Done'],
      ['Turn on two-factor sign-in', 'Done'],
    ]);
  });

  it('is not shown once every step is done', async () => {
    const calls = setup({ services: 1, clients: 3, stripe: true, email: true, twoFactor: true });
    expect(await screen.findByRole('region', { name: 'Revenue (November 2026)' })).toBeInTheDocument();
    await waitFor(() => expect(calls.emailConnected).toHaveBeenCalled());
    await waitFor(() => expect(calls.serviceCount).toHaveBeenCalled());
    // every step has answered: still no card
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('counts a step whose check failed as not done', async () => {
    fakeApi(dashboardMethods, { getDashboard: async () => ({ data: summary(1) }) });
    fakeApi(gettingStartedMethods, {
      serviceCount: async () => 1,
      stripeConnected: async () => true,
      emailConnected: async () => Promise.reject(new Error('mail server unreachable')),
    });
    renderInAdmin(<DashboardPage />, { dataProvider: fakeDataProvider(), user: { ...admin, twoFactorEnabled: true } });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(card).toHaveTextContent('4 of 5 done');
  });

  it('can be hidden, and stays hidden in this browser', async () => {
    setup(fresh);
    const card = await screen.findByRole('region', { name: 'Getting started' });
    await userEvent.click(within(card).getByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(localStorage.getItem(HIDDEN_KEY)).toBe('1');
  });

  it('stays hidden on the next visit', async () => {
    localStorage.setItem(HIDDEN_KEY, '1');
    const calls = setup(fresh);
    expect(await screen.findByRole('region', { name: 'Revenue (November 2026)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
    // hidden: its checks are not even made (the e-mail one connects to the mail server)
    expect(calls.emailConnected).not.toHaveBeenCalled();
  });
});
