/**
 * The two encoders of base64url give the same bytes: Node.js's `Buffer` (used where
 * it exists, through a reused scratch buffer up to 4,096 UTF-16 units and a fresh one
 * past it) and the portable encoder used on runtimes without `Buffer`.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToBase64Url, fromBase64Url, toBase64Url, toBase64UrlPortable } from '../../src/paging/base64url.js';

/** Any UTF-16 text, lone surrogates included (both encoders write them as U+FFFD). */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 300 });

describe('base64url encoders', () => {
  it('the portable byte encoder equals Buffer over random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(bytesToBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
      { numRuns: 2000 },
    );
  });

  it('the Buffer path and the portable path encode any text alike, one after another', () => {
    fc.assert(
      fc.property(fc.array(anyText, { minLength: 1, maxLength: 5 }), (texts) => {
        for (const text of texts) expect(toBase64Url(text)).toBe(toBase64UrlPortable(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('well-formed text comes back as it went', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(fromBase64Url(toBase64Url(text))).toBe(text);
      }),
    );
  });

  it.each([
    ['at the scratch buffer', 4096],
    ['one past it', 4097],
  ])('three-byte characters %s (%i units) encode alike and decode back', (_, length) => {
    const text = '€'.repeat(length);
    expect(toBase64Url(text)).toBe(toBase64UrlPortable(text));
    expect(fromBase64Url(toBase64Url(text))).toBe(text);
    // A short text after a long one holds none of the long one's bytes.
    expect(toBase64Url('f')).toBe('Zg');
  });
});
