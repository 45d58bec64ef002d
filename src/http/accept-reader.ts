/**
 * What the handler reads of a request's `Accept`: whether a JSON:API response is
 * acceptable (else 406) and whether it asks for the Cursor Pagination profile. Read
 * once per distinct header text: clients send the same few `Accept` values request
 * after request, and parsing media ranges each time was a share of every response.
 */
import { isCursorProfile } from '../paging/cursor-profile.js';
import { isAcceptable, requestedProfiles } from './negotiate.js';
import { shortTextMemo } from './short-text-memo.js';

/** What one `Accept` value says. */
export interface AcceptReading {
  /** Whether a response in the JSON:API media type is acceptable (`isAcceptable`). */
  readonly acceptable: boolean;
  /** Whether it asks for the Cursor Pagination profile (docs/handler.md, "Cursor pagination"). */
  readonly cursorPages: boolean;
}

const ABSENT: AcceptReading = Object.freeze({ acceptable: true, cursorPages: false });

/**
 * A reader of `Accept` values for a handler supporting `extensions`, remembering the
 * readings of up to 64 distinct short values.
 *
 * @example
 * const read = acceptReader(new Set());
 * read('application/vnd.api+json'); // { acceptable: true, cursorPages: false }
 * read('application/vnd.api+json; charset=utf-8'); // { acceptable: false, cursorPages: false }
 */
export function acceptReader(extensions: ReadonlySet<string>): (accept: string | undefined) => AcceptReading {
  const read = shortTextMemo((accept) => readAccept(accept, extensions));
  return (accept) => (accept === undefined ? ABSENT : read(accept));
}

function readAccept(accept: string, extensions: ReadonlySet<string>): AcceptReading {
  let cursorPages = false;
  for (const profile of requestedProfiles(accept)) if (isCursorProfile(profile)) cursorPages = true;
  return Object.freeze({ acceptable: isAcceptable(accept, extensions), cursorPages });
}
