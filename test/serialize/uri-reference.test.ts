import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeComponent } from '../../src/parse/input/decode-component.js';
import { toUriReference, uriComponent } from '../../src/serialize/uri-reference.js';

const validator = new Ajv();
formats.default(validator);
const isUriReference = validator.compile({ type: 'string', format: 'uri-reference' });

/** Query-string text with the characters clients really send raw, escapes good and bad included. */
const rawQuery = fc
  .array(
    fc.oneof(
      fc.constantFrom('[', ']', '{', '}', '"', ' ', '+', '&', '=', '%', '%5B', '%5d', '%zz', '%2', '#', '|', '\\', '^', '`', '<', '>'),
      fc.constantFrom('é', '😀', 'Ω', '\t', '\u007f'),
      fc.string({ maxLength: 4, unit: 'grapheme' }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''))
  .filter((raw) => parameters(raw) !== undefined);

/** The parameters as the parser reads them; `undefined` when it would answer 400 (a malformed escape). */
function parameters(query: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1));
    if (name === undefined || value === undefined) return undefined;
    pairs.push([name, value]);
  }
  return pairs;
}

describe('toUriReference', () => {
  it.each([
    { raw: 'page[size]=2', expected: 'page%5Bsize%5D=2' },
    { raw: 'page%5Bsize%5D=2&page[number]=2', expected: 'page%5Bsize%5D=2&page%5Bnumber%5D=2' },
    { raw: 'filter=[{"name":"name","op":"eq","val":"Jo Ann"}]', expected: 'filter=%5B%7B%22name%22:%22name%22,%22op%22:%22eq%22,%22val%22:%22Jo%20Ann%22%7D%5D' },
    { raw: 'q=50%&r=%zz&s=%2', expected: 'q=50%25&r=%25zz&s=%252' },
    { raw: 'name=Zoë+Ω', expected: 'name=Zo%C3%AB+%CE%A9' },
    { raw: 'x=\uD800', expected: 'x=%EF%BF%BD' },
    { raw: 'x=\uDFFF', expected: 'x=%EF%BF%BD' },
    { raw: 'x=\uFFFFa\u{10000}b', expected: 'x=%EF%BF%BFa%F0%90%80%80b' },
    { raw: "sort=-name&a=!$'()*,;:@/?", expected: "sort=-name&a=!$'()*,;:@/?" },
  ])('$raw → $expected', ({ raw, expected }) => {
    expect(toUriReference(raw)).toBe(expected);
    expect(isUriReference(`/persons?${toUriReference(raw)}`)).toBe(true);
  });

  it('gives a URI-reference that the parser reads as the same parameters, and is idempotent', () => {
    fc.assert(
      fc.property(rawQuery, (raw) => {
        const link = toUriReference(raw);
        expect(isUriReference(`/persons?${link}`)).toBe(true);
        expect(parameters(link)).toEqual(parameters(raw));
        expect(toUriReference(link)).toBe(link);
      }),
      { seed: 12, numRuns: 2_000 },
    );
  });

  it('encodes any UTF-16 text as encodeURIComponent does, character by character (lone surrogates as U+FFFD)', () => {
    const anyText = fc.string({
      unit: fc.oneof(
        fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
        fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
        fc.constantFrom('%', '%4', '%4a', '%G1', '\u{1F600}'),
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(anyText, (raw) => {
        expect(toUriReference(raw)).toBe(byCharacter(raw));
      }),
      { numRuns: 3_000 },
    );
  });
});

/** The specification of toUriReference written plainly: one code point at a time. */
function byCharacter(raw: string): string {
  const allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?";
  let out = '';
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index] as string;
    if (char === '%') {
      out += /^[0-9A-Fa-f]{2}$/u.test(raw.slice(index + 1, index + 3)) ? '%' : '%25';
    } else if (allowed.includes(char)) {
      out += char;
    } else {
      const code = raw.codePointAt(index) as number;
      if (code > 0xffff) index++;
      out += encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : String.fromCodePoint(code));
    }
  }
  return out;
}

describe('uriComponent', () => {
  it('gives what encodeURIComponent gives, and throws where it throws', () => {
    const outcome = (encode: (text: string) => string, text: string): unknown => {
      try {
        return encode(text);
      } catch (error) {
        return error instanceof URIError ? 'URIError' : error;
      }
    };
    const unit = fc.oneof(fc.constantFrom(...'Az09-_.!~*\'()% /?#[]@:é\uD800\uDC00'), fc.string({ unit: 'binary', maxLength: 1 }));
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.string({ unit, maxLength: 12 })), (text) => {
        expect(outcome(uriComponent, text)).toEqual(outcome(encodeURIComponent, text));
      }),
      { numRuns: 3000 },
    );
  });
});
