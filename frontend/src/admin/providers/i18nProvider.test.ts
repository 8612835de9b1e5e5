import { defaultI18nProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from './i18nProvider';

// react-admin's own provider (Polyglot) is the reference: the back office's must translate the same.
describe('the back office i18nProvider', () => {
  it.each([
    ['ra.action.save', undefined],
    ['ra.page.error', undefined],
    ['ra.navigation.page_rows_per_page', undefined],
    ['ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 120 }],
    ['ra.navigation.partial_page_range_info', { offsetBegin: 1, offsetEnd: 25 }],
    ['ra.notification.deleted', { smart_count: 1 }],
    ['ra.notification.deleted', { smart_count: 3 }],
    ['ra.notification.deleted', 0],
    ['ra.action.select_all', { _: 'ignored' }],
    ['ra.message.delete_title', { name: 'client', id: 7 }],
    ['ra.message.delete_title', { name: null }],
    ['resources.clients.name', { smart_count: 2, _: 'Clients' }],
    ['resources.clients.name', { smart_count: 1 }],
    ['Some %{thing}', { thing: 'text' }],
    ['Plain missing key', undefined],
  ] as const)('translates %s like react-admin does (%o)', (key, options) => {
    expect(i18nProvider.translate(key, options as never)).toBe(defaultI18nProvider.translate(key, options as never));
  });

  it('has one locale, English', () => {
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'en', name: 'English' }]);
  });
});
