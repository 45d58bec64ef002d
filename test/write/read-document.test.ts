/**
 * A write's body before it is read as a document: its size (413), its nesting and
 * repeated member names (a scan before `JSON.parse`), and JSON syntax, each at the
 * limit and one past it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { readDocument } from '../../src/write/read-document.js';
import { scanDocument } from '../../src/write/scan-document.js';

const errorOf = (body: string | undefined, limits = DEFAULT_LIMITS): unknown => {
  try {
    readDocument(body, limits);
  } catch (error) {
    return (error as { errors: unknown[] }).errors[0];
  }
  throw new Error('expected a refusal');
};

/** A document of exactly `bytes` UTF-8 bytes. */
const bodyOfBytes = (bytes: number): string => `{"meta":"${'é'.repeat(Math.floor((bytes - 11) / 2))}${'a'.repeat((bytes - 11) % 2)}"}`;

/** A document nested `depth` levels deep (the document is level 1). */
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('maxBodyBytes', () => {
  it('reads a body of exactly the limit in UTF-8 bytes', () => {
    const body = bodyOfBytes(DEFAULT_LIMITS.maxBodyBytes);
    expect(new TextEncoder().encode(body).length).toBe(DEFAULT_LIMITS.maxBodyBytes);
    expect(readDocument(body, DEFAULT_LIMITS)).toEqual({ meta: expect.any(String) });
  });

  it('refuses one byte past it with a 413 naming the limit', () => {
    const body = bodyOfBytes(DEFAULT_LIMITS.maxBodyBytes + 1);
    expect(errorOf(body)).toEqual({
      status: '413',
      code: 'request_too_large',
      title: 'Request body too large',
      detail: `The request body is ${String(DEFAULT_LIMITS.maxBodyBytes + 1)} bytes; the limit is ${String(DEFAULT_LIMITS.maxBodyBytes)}.`,
      meta: { limit: DEFAULT_LIMITS.maxBodyBytes },
    });
  });
});

describe('maxBodyDepth', () => {
  it('reads a document nested exactly to the limit', () => {
    expect(() => readDocument(nested(DEFAULT_LIMITS.maxBodyDepth), DEFAULT_LIMITS)).not.toThrow();
  });

  it('refuses one level past it before parsing, pointing at the value too deep', () => {
    expect(errorOf(nested(DEFAULT_LIMITS.maxBodyDepth + 1))).toMatchObject({
      status: '400',
      code: 'document_too_deep',
      source: { pointer: `/${Array.from({ length: DEFAULT_LIMITS.maxBodyDepth }, () => '0').join('/')}` },
      meta: { limit: DEFAULT_LIMITS.maxBodyDepth },
    });
  });

  it('counts objects and arrays, never brackets inside strings', () => {
    expect(scanDocument('{"data":{"attributes":{"a":"[[[[{{{{"}}}', 3)).toBeUndefined();
    expect(scanDocument('{"data":{"attributes":{"a":[]}}}', 3)).toEqual({ kind: 'too_deep', pointer: '/data/attributes/a' });
  });

  it('survives a hostile depth far past the limit without recursion', () => {
    expect(errorOf(nested(200_000))).toMatchObject({ code: 'document_too_deep' });
  });
});

describe('member names given twice', () => {
  it.each([
    ['{"data":{"id":"1","id":"2"}}', '/data', 'id'],
    ['{"data":{"attributes":{"name":"a","n\\u0061me":"b"}}}', '/data/attributes', 'name'],
    ['{"data":1,"data":2}', '', 'data'],
    ['{"atomic:operations":[{"op":"add"},{"op":"add","op":"remove"}]}', '/atomic:operations/1', 'op'],
    ['{"data":{"attributes":{"a/b~":{"x":1,"x":2}}}}', '/data/attributes/a~1b~0', 'x'],
  ])('refuses %s (one value would be guessed)', (body, pointer, member) => {
    expect(errorOf(body)).toMatchObject({ status: '400', code: 'duplicate_member', source: { pointer }, detail: `The member ${JSON.stringify(member)} is given twice in one object.` });
  });

  it('tells names apart from equal values and from the same name in two objects', () => {
    expect(readDocument('{"data":{"id":"id","type":"id"},"meta":{"id":1}}', DEFAULT_LIMITS)).toBeDefined();
    expect(readDocument('[{"a":1},{"a":2}]', DEFAULT_LIMITS)).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

describe('JSON syntax', () => {
  it.each([undefined, '', '  ', '{', '{"data":}', "{'data':1}", '{"data":1}x', '\u0000'])('refuses %j with a 400 invalid_json', (body) => {
    expect(errorOf(body)).toMatchObject({ status: '400', code: 'invalid_json' });
  });

  it('keeps "__proto__" an own member of the parsed document, never a prototype', () => {
    const document = readDocument('{"__proto__":{"polluted":true}}', DEFAULT_LIMITS) as Record<string, unknown>;
    expect(Object.hasOwn(document, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
