import { Money } from '../../../shared/domain/money';
import { Service } from './service';

const valid = {
  name: 'Aerial photos',
  description: '',
  price: Money.fromDollars(150),
  isStandard: true,
  creditEligible: false,
  creditCost: 1,
};

describe('Service', () => {
  it('accepts an empty description and trims the name', () => {
    expect(Service.create(1, { ...valid, name: '  Drone  ' }).props.name).toBe('Drone');
  });

  it.each([
    [{ name: 'ab' }, 'Service name must be at least 3 characters'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ creditCost: 0 }, 'Credit cost must be at least 1'],
  ])('refuses %j', (change, message) => {
    expect(() => Service.create(1, { ...valid, ...change })).toThrow(message);
  });
});
