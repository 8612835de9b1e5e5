import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Form, Title, required } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { STUDIO_KEY } from '../../shared/studio';
import { PageHeader } from '../../shared/ui/PageHeader';
import { serverFieldErrors, serverMessage, useAdminToast } from '../shared/toast';
import { AccentColorInput } from './AccentColorInput';
import { currencyChoices, localeChoices, sampleAmount, timeZoneChoices } from './choices';
import { useStudioApi } from './dataProvider';
import { AutocompleteSetting, NumberSetting, SelectSetting, SwitchSetting, TextSetting } from './inputs';
import { LogoSection } from './LogoSection';
import { ReminderDaysInput } from './ReminderDaysInput';
import { changedSettings, STUDIO_FORM_FIELDS, toFormValues, toPublicStudio, type StudioFormValues } from './settingsForm';
import type { PublicStudio, StudioSettings } from './types';

const LoadErrorAlert = lazy(() => import('../shared/LoadErrorAlert').then((m) => ({ default: m.LoadErrorAlert })));

/** The page's own query: every setting (admin session). */
export const STUDIO_SETTINGS_KEY = ['studio', 'settings'] as const;

export const STUDIO_SETTINGS_SAVED = 'Studio settings saved';

/** A titled section of the form: a card whose fields are one column on a phone, two from md up ('full' spans both). */
function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 2.5, py: 1.75, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          p: 2.5,
          pb: 1,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 2,
          // react-admin's inputs keep room for their helper text below them
          '& > .full': { gridColumn: '1 / -1' },
        }}
      >
        {children}
      </Box>
    </Card>
  );
}

/** '€1,234.50': how amounts will read with the currency and locale chosen (live). */
function MoneySample() {
  const [currency, locale] = useWatch<StudioFormValues, ['currency', 'locale']>({ name: ['currency', 'locale'] });
  const sample = sampleAmount(locale, currency);
  return (
    <Typography variant="body2" color="text.secondary" className="full" sx={{ mb: 2 }} aria-live="polite">
      {sample ? (
        <>
          Amounts read like <strong>{sample}</strong>
        </>
      ) : (
        'Choose a currency and a locale to see how amounts read.'
      )}
    </Typography>
  );
}

/**
 * 'Save settings': submits the form; off while nothing has changed or a save is under way (as
 * react-admin's SaveButton, whose Toolbar would also bring a Delete button's code to every page).
 */
function SaveSettingsButton() {
  const { dirtyFields, isSubmitting, isValidating } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={Object.keys(dirtyFields).length === 0 || isSubmitting || isValidating}
      startIcon={isSubmitting ? <CircularProgress size={18} thickness={3} color="inherit" /> : <SaveIcon />}
    >
      Save settings
    </Button>
  );
}

function StudioSettingsForm({ settings, onSaved }: { settings: StudioSettings; onSaved: (saved: StudioSettings) => void }) {
  const api = useStudioApi();
  const toast = useAdminToast();
  const record = useMemo(() => ({ id: 'studio', ...toFormValues(settings) }), [settings]);
  const currencies = useMemo(() => currencyChoices(settings.currency), [settings.currency]);
  const locales = useMemo(() => localeChoices(settings.locale), [settings.locale]);
  const zones = useMemo(() => timeZoneChoices(settings.timeZone), [settings.timeZone]);

  // the saved values the changes are measured from (the record's: it is what the form was reset to)
  const save = async (values: Record<string, unknown>) => {
    const patch = changedSettings(toFormValues(settings), values as StudioFormValues);
    if (Object.keys(patch).length === 0) return undefined;
    try {
      onSaved(await api.updateSettings(patch));
      toast({ title: STUDIO_SETTINGS_SAVED });
      return undefined;
    } catch (error) {
      const fields = Object.fromEntries(
        Object.entries(serverFieldErrors(error)).filter(([field]) => (STUDIO_FORM_FIELDS as readonly string[]).includes(field)),
      );
      toast({
        title: 'Studio settings not saved',
        description: serverMessage(error, 'The settings could not be saved'),
        variant: 'destructive',
      });
      // react-admin's Form puts these under their fields
      return Object.keys(fields).length > 0 ? fields : undefined;
    }
  };

  return (
    <Form record={record} onSubmit={save} noValidate>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 960 }}>
        <Section title="Brand" subtitle="How the studio appears to clients: the sign-in page, the bars, e-mails and receipts.">
          <TextSetting source="name" label="Studio name" validate={required('Studio name is required')} className="full" />
          <Box className="full" sx={{ mb: 2 }}>
            <LogoSection name={settings.name} logoUrl={settings.logoUrl} onChanged={onSaved} />
          </Box>
          <Box className="full" sx={{ maxWidth: { md: 'calc(50% - 8px)' }, mb: 2 }}>
            <AccentColorInput source="accentColor" label="Accent colour" />
          </Box>
        </Section>

        <Section title="Contact" subtitle="Shown in e-mail footers, on receipts and invoices.">
          <TextSetting source="email" label="E-mail" type="email" />
          <TextSetting source="phone" label="Phone" type="tel" />
          <TextSetting source="address" label="Address" multiline minRows={2} className="full" />
          <TextSetting source="website" label="Website" type="url" placeholder="https://" className="full" />
        </Section>

        <Section title="Money" subtitle="Every amount in the portal, the back office, e-mails and PDFs.">
          <SelectSetting source="currency" label="Currency" choices={currencies} validate={required()} />
          <AutocompleteSetting source="locale" label="Locale" choices={locales} validate={required()} />
          <MoneySample />
          <AutocompleteSetting source="timeZone" label="Time zone" choices={zones} validate={required()} className="full" />
          <TextSetting source="taxName" label="Tax name" helperText="e.g. Sales tax, VAT, GST" />
          <NumberSetting source="taxRate" label="Tax rate (%)" min={0} max={30} step={0.001} helperText="0 to 30, up to 3 decimals" />
          <SwitchSetting source="taxInclusive" label="Prices include tax" className="full" />
          <TextSetting
            source="invoiceTerms"
            label="Invoice terms"
            multiline
            minRows={3}
            className="full"
            helperText="Printed on invoices"
          />
          <NumberSetting
            source="paymentDueDays"
            label="Payment due days"
            min={0}
            max={90}
            step={1}
            helperText="Days after the invoice: 0 to 90"
          />
          <Box className="full">
            <ReminderDaysInput source="reminderDays" label="Reminder days" />
          </Box>
        </Section>

        <Section title="E-mail" subtitle="How the studio's e-mails are signed.">
          <TextSetting source="emailFromName" label="Sender name" helperText="Empty: the studio name" />
          <TextSetting source="replyTo" label="Reply-to address" type="email" helperText="Where clients' replies go; empty: no Reply-To" />
        </Section>

        <Section title="Booking">
          <TextSetting
            source="bookingUrl"
            label="Booking URL"
            type="url"
            placeholder="https://"
            className="full"
            helperText="The 'Book a session' link; it overrides the server's BOOKING_URL (left empty, BOOKING_URL is used)"
          />
        </Section>

        {/* the back office theme's form toolbar colour (react-admin's RaToolbar: grey 300) */}
        <Toolbar role="toolbar" sx={{ borderRadius: 1, position: 'sticky', bottom: 0, zIndex: 1, bgcolor: 'grey.300' }}>
          <SaveSettingsButton />
        </Toolbar>
      </Box>
    </Form>
  );
}

/**
 * Studio Settings (/admin/studio, CONTRACT §13): the studio's brand, contact, money, e-mail and booking
 * settings in one react-admin Form (a save sends the changed fields; the server's per-field messages show
 * under the fields), and the logo, uploaded on its own. What the bars read (['studio']) is updated on
 * every change, so the back office's bar shows the new name and logo at once.
 */
export function StudioSettingsPage() {
  const api = useStudioApi();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: STUDIO_SETTINGS_KEY, queryFn: () => api.getSettings() });

  const onSaved = (saved: StudioSettings) => {
    queryClient.setQueryData(STUDIO_SETTINGS_KEY, saved);
    // the bars at once; the booking URL the visitors get (the setting, or BOOKING_URL) from the server
    queryClient.setQueryData<PublicStudio>(STUDIO_KEY, (previous) =>
      toPublicStudio(saved, saved.bookingUrl ?? previous?.bookingUrl ?? null),
    );
    void queryClient.invalidateQueries({ queryKey: STUDIO_KEY, exact: true });
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Studio Settings" />
      <PageHeader title="Studio Settings" subtitle="The studio's name, logo and colour, its contact details, money and e-mails." />
      {query.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading studio settings" />
        </Box>
      ) : query.isError ? (
        <Suspense fallback={null}>
          <LoadErrorAlert title="Could not load the studio settings">{serverMessage(query.error, 'Please try again.')}</LoadErrorAlert>
        </Suspense>
      ) : (
        <StudioSettingsForm settings={query.data} onSaved={onSaved} />
      )}
    </Box>
  );
}

export default StudioSettingsPage;
