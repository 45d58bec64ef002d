import { describe, expect, it } from 'vitest';
import { acceptReader } from '../../src/http/accept-reader.js';
import { isAcceptable, requestedProfiles } from '../../src/http/negotiate.js';
import { CURSOR_PROFILE } from '../../src/paging/cursor-profile.js';
import { ATOMIC_EXTENSION } from '../../src/write/parse-atomic-document.js';

const VALUES = [
  undefined,
  '',
  '*/*',
  'application/vnd.api+json',
  'application/vnd.api+json; charset=utf-8',
  'application/vnd.api+json;q=0',
  `application/vnd.api+json; ext="${ATOMIC_EXTENSION}"`,
  `application/vnd.api+json; profile="${CURSOR_PROFILE}"`,
  `application/vnd.api+json; profile="${CURSOR_PROFILE}"; q=0.5, application/vnd.api+json`,
  `application/vnd.api+json; profile="https://example.com/other ${CURSOR_PROFILE}", text/html`,
  `application/vnd.api+json; profile="${CURSOR_PROFILE}"; charset=x`,
  `application/vnd.api+json; profile="${'x'.repeat(300)} ${CURSOR_PROFILE}"`,
];

describe('acceptReader', () => {
  for (const extensions of [new Set<string>(), new Set([ATOMIC_EXTENSION])]) {
    it(`reads every value as negotiate.ts does, remembered or not (${String(extensions.size)} extensions)`, () => {
      const read = acceptReader(extensions);
      for (let round = 0; round < 3; round++) {
        for (const value of VALUES) {
          const cursorPages = [...requestedProfiles(value)].includes(CURSOR_PROFILE);
          expect(read(value), String(value)).toEqual({ acceptable: isAcceptable(value, extensions), cursorPages });
        }
      }
    });
  }

  it('still reads correctly after more distinct values than it remembers', () => {
    const read = acceptReader(new Set());
    for (let index = 0; index < 200; index++) {
      const value = index % 2 === 0 ? `application/vnd.api+json; x=${String(index)}` : `text/plain, application/vnd.api+json; y=${String(index)}`;
      expect(read(value).acceptable).toBe(isAcceptable(value));
    }
    expect(read('application/vnd.api+json')).toEqual({ acceptable: true, cursorPages: false });
  });
});
