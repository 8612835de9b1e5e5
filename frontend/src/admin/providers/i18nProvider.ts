import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';

type Options = Record<string, unknown>;

/** `{ ra: { action: { save: 'Save' } } }` → `{ 'ra.action.save': 'Save' }`, as Polyglot stores phrases. */
function flatten(messages: object, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[path] = value;
    else if (value && typeof value === 'object') flatten(value, path, into);
  }
  return into;
}

/**
 * Polyglot's phrase transformation for English: with `smart_count`, the plural form of 'one |||| many'
 * (English: the first for 1, else the second), then `%{name}` replaced by options that are set.
 */
export function transformPhrase(phrase: string, options: Options): string {
  let result = phrase;
  if (options.smart_count != null && phrase) {
    const forms = phrase.split('||||');
    result = (forms[options.smart_count !== 1 ? 1 : 0] ?? forms[0]).trim();
  }
  return result.replace(/%\{(.*?)\}/g, (expression, name: string) =>
    Object.prototype.hasOwnProperty.call(options, name) && options[name] != null ? String(options[name]) : expression,
  );
}

/**
 * react-admin's default i18nProvider (ra-i18n-polyglot with react-admin's English messages and
 * `allowMissing`) without node-polyglot and the ES polyfills it brings (get-intrinsic, call-bind,
 * object-keys and others, several kB in every back-office page's first load; decision 0014). The
 * back office has one locale, English; translate() behaves as Polyglot's t(): the phrase of the key,
 * else `options._`, else the key itself, each through the same pluralisation and interpolation.
 */
export function createI18nProvider(messages: TranslationMessages = englishMessages): I18nProvider {
  const phrases = flatten(messages);
  return {
    translate: (key: string, options: Options | number = {}) => {
      const opts: Options = typeof options === 'number' ? { smart_count: options } : (options ?? {});
      const phrase = typeof phrases[key] === 'string' ? phrases[key] : typeof opts._ === 'string' ? opts._ : key;
      return transformPhrase(phrase, opts);
    },
    changeLocale: async () => undefined,
    getLocale: () => 'en',
    getLocales: () => [{ locale: 'en', name: 'English' }],
  };
}

export const i18nProvider = createI18nProvider();
