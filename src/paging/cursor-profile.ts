/**
 * The JSON:API "Cursor Pagination" profile this package implements
 * (docs/query-syntax.md, "Cursor pagination"): its URI, announced in the
 * response media type, and the error types it defines, written as `links.type`.
 */

/** The profile's URI, as the response media type's `profile` parameter names it. */
export const CURSOR_PROFILE = 'https://jsonapi.org/profiles/ethanresnick/cursor-pagination';

/**
 * Whether a profile URI a client sent names this profile: the URI above, or the one
 * the profile's own page gives (`http://jsonapi.org/profiles/ethanresnick/cursor-pagination/`),
 * that is either scheme, with or without the trailing slash.
 */
export function isCursorProfile(uri: string): boolean {
  // Stryker disable next-line Regex: the profile URI has no "http:" past its start, so an unanchored match gives the same answers
  return uri.replace(/^http:/u, 'https:').replace(/\/$/u, '') === CURSOR_PROFILE;
}

/** The profile's error types. */
export type CursorErrorType = 'max-size-exceeded' | 'invalid-parameter-value' | 'unsupported-sort';

/** The URI of one of the profile's error types. */
export function cursorErrorType(name: CursorErrorType): string {
  return `${CURSOR_PROFILE}/${name}`;
}
