import type { Validator } from '../../shared/forms/validation';
import type { CreditBundle, CreditBundleData } from './types';

/** Spec §5 "Bundle form" and the server's message for a missing name. */
export const bundleMessages = {
  name: 'Bundle name is required',
  price: 'Price must be at least 1',
  creditAmount: 'Credit amount must be at least 1',
} as const;

export const BUNDLE_MAX_LENGTH = { name: 200, description: 2000 } as const;

/** The form keeps what the inputs hold: numbers as typed text. */
export interface BundleFormValues {
  name: string;
  description: string;
  creditAmount: string;
  price: string;
  isActive: boolean;
}

/** New bundles: active, price 0, credit amount 0 (spec §4), so the minimum messages show until changed. */
export const newBundleValues: BundleFormValues = {
  name: '',
  description: '',
  creditAmount: '0',
  price: '0',
  isActive: true,
};

export function bundleFormValues(record?: CreditBundle): BundleFormValues {
  if (!record) return newBundleValues;
  return {
    name: record.name ?? '',
    description: record.description ?? '',
    creditAmount: String(record.creditAmount ?? 0),
    price: Number(record.price ?? 0).toFixed(2),
    isActive: record.isActive ?? true,
  };
}

/** Credit amount is parsed as an integer, price as a decimal (spec §5). */
export const parseCreditAmount = (value: string) => Number.parseInt(String(value ?? '').trim(), 10);
export const parsePrice = (value: string) => Number.parseFloat(String(value ?? '').trim());

export const validateBundle: Validator<BundleFormValues> = (v) => {
  const price = parsePrice(v.price);
  const creditAmount = parseCreditAmount(v.creditAmount);
  return {
    name: v.name.trim() ? undefined : bundleMessages.name,
    price: Number.isFinite(price) && price >= 1 ? undefined : bundleMessages.price,
    creditAmount: Number.isFinite(creditAmount) && creditAmount >= 1 ? undefined : bundleMessages.creditAmount,
  };
};

/** The request body of the create and edit dialogs; price rounded to cents. */
export function toBundleData(v: BundleFormValues): CreditBundleData {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: Math.round(parsePrice(v.price) * 100) / 100,
    creditAmount: parseCreditAmount(v.creditAmount),
    isActive: v.isActive,
  };
}
