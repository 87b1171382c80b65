/**
 * Query parameters whose values are secrets or grant access (signed links, tokens, codes), or
 * say why personal data were opened (`reason`: it often names the person).
 */
const SECRET_PARAMS = /^(sig|signature|exp|expires|token|access_token|otp|code|key|reason)$/i;

/**
 * Paths of the youth registry (its routes, the city's and the public form's): their query
 * strings are never logged at all. They take no reason there (a `?reason=` is refused), but an
 * old client or a mistyped name must not put one in the log either.
 */
const UNLOGGED_QUERY = /^\/api\/(?:city\/|public\/)?kk(?:[/?]|$)/i;

/**
 * A request URL as it may appear in a log: the path, with the values of secret query parameters
 * replaced, so a signed file link or a token in a query string never lands in the log.
 */
export function urlForLog(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) {
    return url;
  }
  const path = url.slice(0, mark);
  if (UNLOGGED_QUERY.test(path.replace(/\/{2,}/g, '/'))) {
    return `${path}?[redacted]`;
  }
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      try {
        return SECRET_PARAMS.test(decodeURIComponent(name)) ? `${name}=[redacted]` : pair;
      } catch {
        return '[redacted]';
      }
    })
    .join('&');
  return `${path}?${query}`;
}
