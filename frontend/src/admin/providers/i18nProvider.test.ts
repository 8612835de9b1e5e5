import { describe, expect, it } from 'vitest';
import { i18nProvider } from './i18nProvider';

describe('the back office i18nProvider (ra-i18n-polyglot)', () => {
  it("translates react-admin's messages", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 120 })).toBe('1-25 of 120');
  });

  it("uses the product's resource names", () => {
    expect(i18nProvider.translate('resources.clients.name', { smart_count: 2 })).toBe('Clients');
    expect(i18nProvider.translate('resources.projects.name', { smart_count: 1 })).toBe('Project');
  });

  it('shows a missing key as written, or its default', () => {
    expect(i18nProvider.translate('Plain missing key')).toBe('Plain missing key');
    expect(i18nProvider.translate('missing.key', { _: 'Fallback' })).toBe('Fallback');
  });

  it('has one locale, English', () => {
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'en', name: 'English' }]);
  });
});
