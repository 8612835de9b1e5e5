import { httpClient } from '../providers/httpClient';
import type { StudioSettings, StudioSettingsPatch } from './types';

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : fallback;
};

/** The server's settings as the page uses them (the tax rate may come as a decimal string: '8.875'). */
export function toStudioSettings(json: unknown): StudioSettings {
  const raw = (json ?? {}) as Raw;
  return {
    name: text(raw.name),
    logoUrl: typeof raw.logoUrl === 'string' && raw.logoUrl ? raw.logoUrl : null,
    accentColor: text(raw.accentColor),
    email: text(raw.email),
    phone: text(raw.phone),
    address: text(raw.address),
    website: text(raw.website),
    currency: text(raw.currency),
    timeZone: text(raw.timeZone),
    locale: text(raw.locale),
    taxRate: num(raw.taxRate),
    taxName: text(raw.taxName),
    taxInclusive: raw.taxInclusive === true,
    invoiceTerms: text(raw.invoiceTerms),
    paymentDueDays: num(raw.paymentDueDays),
    reminderDays: Array.isArray(raw.reminderDays) ? raw.reminderDays.map((d) => num(d)) : [],
    emailFromName: text(raw.emailFromName),
    replyTo: text(raw.replyTo),
    bookingUrl: typeof raw.bookingUrl === 'string' && raw.bookingUrl ? raw.bookingUrl : null,
  };
}

/**
 * The calls of the Studio Settings page (/admin/studio), in the page's chunk (decision 0026); every call
 * goes through the admin's httpClient (session cookie, HttpError with the server's `message` and `errors`).
 */
export const studioMethods = {
  /** GET /api/studio/settings: every setting (admin session). */
  async getSettings(): Promise<StudioSettings> {
    const { json } = await httpClient('/api/studio/settings');
    return toStudioSettings(json);
  },

  /** PATCH /api/studio with the changed fields only → every setting. */
  async updateSettings(patch: StudioSettingsPatch): Promise<StudioSettings> {
    const { json } = await httpClient('/api/studio', { method: 'PATCH', body: JSON.stringify(patch) });
    return toStudioSettings(json);
  },

  /** POST /api/studio/logo, multipart field `logo` (PNG or JPEG, at most 2 MB) → every setting. */
  async uploadLogo(file: File): Promise<StudioSettings> {
    const body = new FormData();
    body.append('logo', file, file.name);
    const { json } = await httpClient('/api/studio/logo', { method: 'POST', body });
    return toStudioSettings(json);
  },

  /** DELETE /api/studio/logo → every setting (read again when the answer has no body). */
  async removeLogo(): Promise<StudioSettings> {
    const { json } = await httpClient('/api/studio/logo', { method: 'DELETE' });
    return json && typeof json === 'object' && 'name' in json ? toStudioSettings(json) : studioMethods.getSettings();
  },
};

export type StudioMethods = typeof studioMethods;

export function useStudioApi(): StudioMethods {
  return studioMethods;
}
