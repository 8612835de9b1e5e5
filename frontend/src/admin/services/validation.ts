import type { Validator } from '../../shared/forms/validation';
import type { ServiceData, ServiceRecord } from './types';

/** Spec §5 "Service form", word for word (and the server's message for a negative price). */
export const serviceMessages = {
  name: 'Service name must be at least 3 characters',
  description: 'Description must be at least 10 characters',
  price: 'Price is required',
  negativePrice: 'Price must be 0 or more',
} as const;

/** Length bounds of CONTRACT §2. */
export const SERVICE_MAX_LENGTH = { name: 200, description: 2000 } as const;

/** The form keeps what the inputs hold: price and credit cost as typed text. */
export interface ServiceFormValues {
  name: string;
  description: string;
  price: string;
  isStandard: boolean;
  creditEligible: boolean;
  creditCost: string;
}

/** New services: standard, not credit eligible, credit cost 1 (spec §3, §5). */
export const newServiceValues: ServiceFormValues = {
  name: '',
  description: '',
  price: '',
  isStandard: true,
  creditEligible: false,
  creditCost: '1',
};

export function serviceFormValues(record?: ServiceRecord): ServiceFormValues {
  if (!record) return newServiceValues;
  return {
    name: record.name ?? '',
    description: record.description ?? '',
    price: record.price === null || record.price === undefined ? '' : Number(record.price).toFixed(2),
    isStandard: record.isStandard ?? true,
    creditEligible: record.creditEligible ?? false,
    creditCost: String(record.creditCost ?? 1),
  };
}

/** An empty credit cost becomes 1, and the interface keeps it at 1 or more (spec §5). */
export function normalizeCreditCost(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

export const validateService: Validator<ServiceFormValues> = (v) => {
  const description = v.description.trim();
  const priceText = String(v.price ?? '').trim();
  const price = Number.parseFloat(priceText);
  return {
    name: v.name.trim().length >= 3 ? undefined : serviceMessages.name,
    description: description === '' || description.length >= 10 ? undefined : serviceMessages.description,
    price: priceText.length < 1 || !Number.isFinite(price) ? serviceMessages.price : price < 0 ? serviceMessages.negativePrice : undefined,
  };
};

/** The request body of the create and edit dialogs. */
export function toServiceData(v: ServiceFormValues): ServiceData {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: Math.round(Number.parseFloat(String(v.price).trim()) * 100) / 100,
    isStandard: v.isStandard,
    creditEligible: v.creditEligible,
    creditCost: normalizeCreditCost(v.creditCost),
  };
}
