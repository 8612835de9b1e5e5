import { describe, expect, it } from 'vitest';
import { newServiceValues, normalizeCreditCost, serviceFormValues, toServiceData, validateService } from './validation';

const valid = { ...newServiceValues, name: 'Wedding Shoot', description: 'Full day coverage', price: '1200' };

describe('service form rules (spec §5 "Service form")', () => {
  it('defaults: standard, not credit eligible, credit cost 1', () => {
    expect(newServiceValues).toMatchObject({ isStandard: true, creditEligible: false, creditCost: '1' });
  });

  it('gives the spec messages', () => {
    const errors = validateService({ ...valid, name: 'ab', description: 'too short', price: '' });
    expect(errors.name).toBe('Service name must be at least 3 characters');
    expect(errors.description).toBe('Description must be at least 10 characters');
    expect(errors.price).toBe('Price is required');
  });

  it('allows an empty description and refuses a negative price', () => {
    expect(validateService({ ...valid, description: '' }).description).toBeUndefined();
    expect(validateService({ ...valid, price: '-5' }).price).toBe('Price must be 0 or more');
    expect(validateService(valid)).toEqual({ name: undefined, description: undefined, price: undefined });
  });

  it('turns an empty or too small credit cost into 1', () => {
    expect(normalizeCreditCost('')).toBe(1);
    expect(normalizeCreditCost('0')).toBe(1);
    expect(normalizeCreditCost('-3')).toBe(1);
    expect(normalizeCreditCost('4')).toBe(4);
  });

  it('builds the request body with a number price', () => {
    expect(toServiceData({ ...valid, name: ' Wedding Shoot ', price: '99.999', creditEligible: true, creditCost: '' })).toEqual({
      name: 'Wedding Shoot',
      description: 'Full day coverage',
      price: 100,
      isStandard: true,
      creditEligible: true,
      creditCost: 1,
    });
  });

  it('fills the edit form from a service', () => {
    expect(
      serviceFormValues({ id: 3, name: 'Drone', description: '', price: 150, isStandard: false, creditEligible: true, creditCost: 2 }),
    ).toEqual({ name: 'Drone', description: '', price: '150.00', isStandard: false, creditEligible: true, creditCost: '2' });
  });
});
