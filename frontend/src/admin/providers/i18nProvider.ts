import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeTranslations } from 'react-admin';

/** The back office's own words (spec "Back office"), merged over react-admin's English messages. */
export const productMessages = {
  ra: {
    auth: { user_menu: 'Profile' },
    // the column's label as shown ("Sort by Created Date ascending"), so the name contains the visible text
    sort: { sort_by: 'Sort by %{field} %{order}' },
  },
  resources: {
    clients: { name: 'Client |||| Clients' },
    projects: { name: 'Project |||| Projects' },
    services: { name: 'Service |||| Services' },
    payments: { name: 'Payment |||| Payments' },
  },
};

export const messages: TranslationMessages = mergeTranslations(englishMessages, productMessages);

/** react-admin's Polyglot provider: one locale, English; a missing key shows as written (`allowMissing`). */
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
