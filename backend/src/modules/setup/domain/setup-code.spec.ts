import { newSetupCode, normalizeSetupCode, setupCodeHash } from './setup-code';

describe('setup code', () => {
  it('is printed as 6 digits in two groups', () => {
    for (let i = 0; i < 200; i++) expect(newSetupCode()).toMatch(/^\d{3}-\d{3}$/);
  });

  it('is random (200 codes are not all the same)', () => {
    expect(new Set(Array.from({ length: 200 }, newSetupCode)).size).toBeGreaterThan(150);
  });

  it('is read with or without its dash and spaces', () => {
    expect(normalizeSetupCode('123-456')).toBe('123456');
    expect(normalizeSetupCode(' 123 456 ')).toBe('123456');
    expect(normalizeSetupCode('123456')).toBe('123456');
    expect(normalizeSetupCode('12345')).toBeNull();
    expect(normalizeSetupCode('1234567')).toBeNull();
    expect(normalizeSetupCode('abc-def')).toBeNull();
  });

  it('is kept as one hash whatever the typing, and another code has another hash', () => {
    expect(setupCodeHash('123-456')).toBe(setupCodeHash('123456'));
    expect(setupCodeHash('123-456')).toMatch(/^[0-9a-f]{64}$/);
    expect(setupCodeHash('123-457')).not.toBe(setupCodeHash('123-456'));
    expect(setupCodeHash('123-456')).not.toContain('123456');
  });
});
