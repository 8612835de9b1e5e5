import { fetchUtils } from 'react-admin';

/**
 * fetch for the admin's dataProvider: JSON, with the session cookie.
 * A failing response becomes react-admin's HttpError whose message is the body's `message`
 * (the human sentence) and whose body carries `errors` (field -> message) for forms.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
}
