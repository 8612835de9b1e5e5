import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../../../test/utils';
import { TwoFactorSection } from './TwoFactorSection';

const setupAnswer = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Studio%20Portal:jane%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Studio%20Portal',
};
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('Account Settings: two-factor sign-in', { timeout: 20_000 }, () => {
  it('sets up with the password, shows the QR code and the key, turns on with a code, then shows the recovery codes once', async () => {
    const spy = mockFetch({
      'POST /api/2fa/setup': { body: setupAnswer },
      'POST /api/2fa/enable': { body: { recoveryCodes } },
      'GET /api/user': { body: { ...client, twoFactorEnabled: true } },
    });
    renderWithApp(<TwoFactorSection user={client} />, { user: client });
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your current password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(bodyOf(spy, 'POST /api/2fa/setup')).toEqual({ currentPassword: 'secret123' });
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the app'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(callsTo(spy, 'POST /api/2fa/enable')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Code from the app'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(bodyOf(spy, 'POST /api/2fa/enable')).toEqual({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows the server’s message under the password field when it is wrong', async () => {
    mockFetch({
      'POST /api/2fa/setup': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Current password is incorrect',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      },
    });
    renderWithApp(<TwoFactorSection user={client} />, { user: client });
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  });

  it('turns off with the password and a code', async () => {
    const spy = mockFetch({ 'POST /api/2fa/disable': { status: 204 }, 'GET /api/user': { body: client } });
    renderWithApp(<TwoFactorSection user={{ ...client, twoFactorEnabled: true }} />, { user: { ...client, twoFactorEnabled: true } });
    expect(screen.getByText('On')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await userEvent.type(screen.getByLabelText('Current Password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your password alone signs you in now.')).toBeInTheDocument();
    expect(bodyOf(spy, 'POST /api/2fa/disable')).toEqual({ currentPassword: 'secret123', code: '654321' });
  });
});
