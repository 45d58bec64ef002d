/**
 * The one rule for secrets in what the CLI prints: the password of a database URL
 * (`--db postgres://user:password@host/db`) never reaches a terminal or a log.
 */

/** `scheme://user:password@`: the user info runs to the last `@` before the path. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*):[^\s/?#]*@/gi;

/** `?password=…` or `&password=…` in a URL's query (libpq and mysql2 read it there too). */
const QUERY_PASSWORD = /([?&]password=)[^\s&#"']*/gi;

/** `text` with the password of every URL in it replaced by `***`. */
export function redactSecrets(text: string): string {
  return text.replace(URL_PASSWORD, '$1:***@').replace(QUERY_PASSWORD, '$1***');
}
