import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import { fakeServer, findToast, type FakeRequest, type Reply } from '../email/testing';
import { STUDIO_KEY } from '../../shared/studio';
import { STUDIO_SETTINGS_SAVED, StudioSettingsPage } from './StudioSettingsPage';
import type { StudioSettings } from './types';

const defaults: StudioSettings = {
  name: 'Studio Portal',
  logoUrl: null,
  accentColor: '#1e3a8a',
  email: '',
  phone: '',
  address: '',
  website: '',
  currency: 'USD',
  timeZone: 'UTC',
  locale: 'en-US',
  taxRate: 0,
  taxName: 'Sales tax',
  taxInclusive: false,
  invoiceTerms: '',
  paymentDueDays: 14,
  reminderDays: [-3, 0, 7],
  emailFromName: '',
  replyTo: '',
  bookingUrl: null,
};

/** What the back office's bar shows: the public studio (GET /api/studio), through the ['studio'] query. */
function BarName() {
  const { data } = useQuery({
    queryKey: STUDIO_KEY,
    queryFn: async () => (await fetch('/api/studio')).json() as Promise<{ name: string }>,
  });
  return <div data-testid="bar-name">{data?.name ?? ''}</div>;
}

/** A studio server: the settings change with each PATCH it accepts (or `refuse` answers instead). */
function studioServer(initial: Partial<StudioSettings> = {}, refuse?: (request: FakeRequest) => Reply | undefined) {
  let settings: StudioSettings = { ...defaults, ...initial };
  const server = fakeServer({
    'GET /api/studio/settings': () => ({ body: settings }),
    'GET /api/studio': () => ({ body: { name: settings.name, logoUrl: settings.logoUrl, accentColor: settings.accentColor } }),
    'PATCH /api/studio': (request) => {
      const refused = refuse?.(request);
      if (refused) return refused;
      settings = { ...settings, ...(request.body as Partial<StudioSettings>) };
      return { body: settings };
    },
    'POST /api/studio/logo': () => {
      settings = { ...settings, logoUrl: '/api/studio/logo?v=1' };
      return { status: 201, body: settings };
    },
    'DELETE /api/studio/logo': () => {
      settings = { ...settings, logoUrl: null };
      return { body: settings };
    },
  });
  return server;
}

function renderPage() {
  const user = userEvent.setup();
  const result = renderInAdmin(
    <>
      <BarName />
      <StudioSettingsPage />
    </>,
    { dataProvider: fakeDataProvider() },
  );
  return { ...result, user };
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (name: string) => screen.getByRole('textbox', { name });

describe('Studio Settings page', { timeout: 30_000 }, () => {
  it('shows the saved settings in the sections Brand, Contact, Money, E-mail and Booking', async () => {
    studioServer({ name: 'Harbour Light Photography', phone: '+353 1 555 0100', taxRate: 8.875, currency: 'EUR', locale: 'en-IE' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Settings' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Harbour Light Photography')).toBeInTheDocument();
    for (const name of ['Brand', 'Contact', 'Money', 'E-mail', 'Booking']) {
      expect(within(section(name)).getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(within(section('Brand')).getByRole('textbox', { name: 'Studio name' })).toHaveValue('Harbour Light Photography');
    expect(within(section('Brand')).getByRole('textbox', { name: 'Accent colour' })).toHaveValue('#1e3a8a');
    expect(within(section('Brand')).getByText('No logo yet')).toBeInTheDocument();
    expect(within(section('Contact')).getByRole('textbox', { name: 'Phone' })).toHaveValue('+353 1 555 0100');
    const money = section('Money');
    expect(within(money).getByRole('spinbutton', { name: 'Tax rate (%)' })).toHaveValue(8.875);
    expect(within(money).getByRole('spinbutton', { name: 'Payment due days' })).toHaveValue(14);
    expect(within(money).getByRole('switch', { name: 'Prices include tax' })).not.toBeChecked();
    // the amounts' sample follows the currency and the locale
    expect(within(money).getByText('€1,234.50')).toBeInTheDocument();
    // the reminder days as chips, in words
    expect(within(money).getByText('3 days before')).toBeInTheDocument();
    expect(within(money).getByText('On the due date')).toBeInTheDocument();
    expect(within(money).getByText('7 days after')).toBeInTheDocument();
    expect(within(section('E-mail')).getByRole('textbox', { name: 'Sender name' })).toHaveValue('');
    expect(within(section('Booking')).getByRole('textbox', { name: 'Booking URL' })).toHaveAccessibleDescription(
      /overrides the server's BOOKING_URL/,
    );
  });

  it('sends only the changed fields, says Studio settings saved, and the bar shows the new name at once', async () => {
    const server = studioServer();
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    await waitFor(() => expect(screen.getByTestId('bar-name')).toHaveTextContent('Studio Portal'));
    // nothing changed: Save is off
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await user.clear(field('Studio name'));
    await user.type(field('Studio name'), '  Harbour Light Photography ');
    await user.clear(field('Accent colour'));
    await user.type(field('Accent colour'), '#0F766E');
    expect(field('Accent colour')).toHaveAccessibleDescription('White text on #0f766e: 5.4:1, passes AA (at least 4.5:1)');
    await user.type(within(section('Money')).getByRole('combobox', { name: 'Reminder days' }), '14{Enter}');
    await user.click(within(section('Booking')).getByRole('textbox', { name: 'Booking URL' }));
    await user.type(within(section('Booking')).getByRole('textbox', { name: 'Booking URL' }), 'https://cal.example.com/harbour');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(server.calls('PATCH /api/studio')).toHaveLength(1));
    expect(server.calls('PATCH /api/studio')[0]!.body).toEqual({
      name: 'Harbour Light Photography',
      accentColor: '#0F766E',
      reminderDays: [-3, 0, 7, 14],
      bookingUrl: 'https://cal.example.com/harbour',
    });
    expect(await findToast()).toHaveTextContent(STUDIO_SETTINGS_SAVED);
    await waitFor(() => expect(screen.getByTestId('bar-name')).toHaveTextContent('Harbour Light Photography'));
    // the form now holds the saved settings: nothing left to save
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
  });

  it("shows the server's refusal of a pale accent (naming the ratio) under the colour field, and the live note before", async () => {
    const refusal = 'Accent colour #7dd3fc has a contrast of 1.8:1 with white text; choose one of at least 4.5:1 (AA)';
    const server = studioServer({}, (request) =>
      (request.body as Partial<StudioSettings>).accentColor === '#7dd3fc'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              code: 'STUDIO.INVALID_SETTINGS',
              message: refusal,
              errors: { accentColor: refusal },
            },
          }
        : undefined,
    );
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    await user.clear(field('Accent colour'));
    await user.type(field('Accent colour'), '#7dd3fc');
    expect(field('Accent colour')).toHaveAccessibleDescription(/^White text on #7dd3fc: 1\.\d:1, under AA's 4\.5:1/);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(field('Accent colour')).toHaveAccessibleDescription(refusal));
    expect(field('Accent colour')).toHaveAttribute('aria-invalid', 'true');
    expect(await findToast('destructive')).toHaveTextContent(refusal);
    expect(server.calls('PATCH /api/studio')[0]!.body).toEqual({ accentColor: '#7dd3fc' });
    // nothing saved: the bar keeps its name and the field keeps what was typed
    expect(field('Accent colour')).toHaveValue('#7dd3fc');
  });

  it('saves a currency chosen in its select, a locale and a time zone picked from their lists, a typed tax rate and the tax switch', async () => {
    const server = studioServer();
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    const money = section('Money');
    const currency = within(money).getByRole('combobox', { name: /^Currency/ });
    expect(currency).toHaveTextContent(/^USD — US Dollar/);
    await user.click(currency);
    await user.click(await screen.findByRole('option', { name: /^EUR / }));
    expect(currency).toHaveTextContent(/^EUR — Euro/);

    const locale = within(money).getByRole('combobox', { name: /^Locale/ });
    expect(locale).toHaveValue('American English (en-US)');
    await user.clear(locale);
    await user.type(locale, 'en-IE');
    await user.click(await screen.findByRole('option', { name: 'English (Ireland) (en-IE)' }));
    expect(locale).toHaveValue('English (Ireland) (en-IE)');
    // the sample follows both at once
    expect(within(money).getByText('€1,234.50')).toBeInTheDocument();

    const zone = within(money).getByRole('combobox', { name: /^Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Europe/Dub');
    await user.click(await screen.findByRole('option', { name: 'Europe/Dublin' }));

    const rate = within(money).getByRole('spinbutton', { name: 'Tax rate (%)' });
    await user.clear(rate);
    await user.type(rate, '8.875');
    expect(rate).toHaveValue(8.875);
    await user.click(within(money).getByRole('switch', { name: 'Prices include tax' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(server.calls('PATCH /api/studio')).toHaveLength(1));
    expect(server.calls('PATCH /api/studio')[0]!.body).toEqual({
      currency: 'EUR',
      locale: 'en-IE',
      timeZone: 'Europe/Dublin',
      taxRate: 8.875,
      taxInclusive: true,
    });
    expect(await findToast()).toHaveTextContent(STUDIO_SETTINGS_SAVED);
    // the form reset to what was saved: the fields show it and nothing is left to save
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    expect(rate).toHaveValue(8.875);
    expect(within(money).getByRole('switch', { name: 'Prices include tax' })).toBeChecked();
  });

  it('says an emptied studio name is required, under the field, and an emptied due days go to the server as null', async () => {
    const server = studioServer({}, (request) =>
      (request.body as Partial<StudioSettings>).paymentDueDays === null
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              code: 'STUDIO.INVALID_SETTINGS',
              message: 'Payment due days must be a whole number from 0 to 90',
              errors: { paymentDueDays: 'Payment due days must be a whole number from 0 to 90' },
            },
          }
        : undefined,
    );
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    await user.clear(field('Studio name'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(section('Brand')).findByText('Studio name is required')).toBeInTheDocument();
    expect(server.calls('PATCH /api/studio')).toHaveLength(0);

    await user.type(field('Studio name'), 'Harbour Light');
    const due = within(section('Money')).getByRole('spinbutton', { name: 'Payment due days' });
    await user.clear(due);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.calls('PATCH /api/studio')).toHaveLength(1));
    expect(server.calls('PATCH /api/studio')[0]!.body).toEqual({ name: 'Harbour Light', paymentDueDays: null });
    expect(await within(section('Money')).findByText('Payment due days must be a whole number from 0 to 90')).toBeInTheDocument();
    expect(due).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a reminder day outside −30…60 before sending', async () => {
    const server = studioServer();
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    const reminders = within(section('Money')).getByRole('combobox', { name: 'Reminder days' });
    await user.type(reminders, '90{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(section('Money')).findByText('Reminder days must be between −30 and 60')).toBeInTheDocument();
    expect(server.calls('PATCH /api/studio')).toHaveLength(0);
  });

  it('uploads a logo as multipart (field logo), shows its preview, and removes it', async () => {
    const server = studioServer();
    const { user } = renderPage();
    await screen.findByDisplayValue('Studio Portal');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'harbour.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload logo'), png);

    await waitFor(() => expect(server.calls('POST /api/studio/logo')).toHaveLength(1));
    const [, init] = server.spy.mock.calls.find(([input]) => String(input).includes('/api/studio/logo'))!;
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('logo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('harbour.png');
    // the browser sets the multipart boundary: no JSON content type forced on it
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();

    const preview = await screen.findByRole('img', { name: 'Studio Portal logo' });
    expect(preview).toHaveAttribute('src', '/api/studio/logo?v=1');
    expect(await findToast()).toHaveTextContent('Logo uploaded');

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(server.calls('DELETE /api/studio/logo')).toHaveLength(1));
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
  });

  it('refuses a file that is not a PNG or JPEG without sending it', async () => {
    const server = studioServer();
    renderPage();
    await screen.findByDisplayValue('Studio Portal');
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    // past the file picker's own filter (accept), as a drop or another browser may be
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Upload logo'), svg);
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be a PNG or JPEG image');
    expect(server.calls('POST /api/studio/logo')).toHaveLength(0);
  });
});
