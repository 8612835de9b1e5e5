/** What a query value is replaced with in the log. */
export const REDACTED = '[redacted]';

/**
 * A request's URL as the log may keep it (CONTRACT §12): the path, and the query with every value
 * replaced by `[redacted]` (the names stay, so a line still says which parameters came). Links carry
 * secrets in their query (`?token=` of a verification link, `&invite=`, a media link's `sig`, an API
 * token someone put in `?access_token=`), and a parameter added tomorrow could too: no value is kept.
 * The text is not decoded, so a malformed escape cannot make it fail; a fragment never reaches a server.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url.slice(q + 1);
  if (query === '') return url.slice(0, q);
  const names = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    // A part without '=' could be a secret alone (`?sp_…`): it goes too.
    if (eq === -1) return pair === '' ? pair : REDACTED;
    return `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `${url.slice(0, q)}?${names.join('&')}`;
}
