/**
 * The write body limits of the query budget at their defaults, through a writable
 * handler over the memory layer: each exactly at the limit (taken) and one past it
 * (refused with the status, code, `meta.limit` and message docs/errors.md gives):
 * `maxBodyBytes` (1 MB, 413), `maxBodyDepth` (32), `maxOperations` (100),
 * `maxLinkageItems` (1,000) and `maxIdLength` (64, a client id and a path id).
 */
import { describe, expect, it } from 'vitest';
import { createHandler, type HandlerResponse } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { newPerson, writeSchema } from '../write/write-schema.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`;

/** A handler over one person and `computers` unowned computers (ids `c1`, `c2`, …). */
function writable(computers = 0) {
  const data = {
    person: [{ id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f' }],
    computer: Array.from({ length: computers }, (_, index) => ({ id: `c${String(index + 1)}`, serial: `S${String(index + 1)}`, owner: null })),
  };
  const handle = createHandler({ schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data), writable: true });
  return (method: string, path: string, body: string, contentType = MEDIA_TYPE): Promise<HandlerResponse> =>
    handle({ method, path, query: '', headers: { 'content-type': contentType }, body });
}

/** The one error object of a refusal. */
function errorOf(response: HandlerResponse): Record<string, unknown> {
  const { errors } = JSON.parse(response.body) as { errors: Record<string, unknown>[] };
  expect(errors).toHaveLength(1);
  return errors[0] ?? {};
}

/** `POST /persons` with a display name padded so the body is exactly `bytes` UTF-8 bytes. */
function createOfBytes(bytes: number): string {
  const body = (displayName: string) => JSON.stringify({ data: { type: 'person', attributes: { name: 'Ada', display_name: displayName } } });
  const padding = bytes - new TextEncoder().encode(body('')).length;
  // Two-byte characters, and one ASCII one when the count is odd: the limit counts bytes, not characters.
  const text = 'é'.repeat(Math.floor(padding / 2)) + (padding % 2 === 1 ? 'a' : '');
  const result = body(text);
  expect(new TextEncoder().encode(result).length).toBe(bytes);
  return result;
}

/** Arrays nested `levels` deep: `[[…]]`. */
const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('maxBodyBytes (1,048,576 UTF-8 bytes)', () => {
  it('takes a body of exactly 1,048,576 bytes', async () => {
    const response = await writable()('POST', '/persons', createOfBytes(DEFAULT_LIMITS.maxBodyBytes));
    expect(response.status).toBe(201);
  });

  it('answers one byte more with a 413 request_too_large naming both sizes', async () => {
    const response = await writable()('POST', '/persons', createOfBytes(DEFAULT_LIMITS.maxBodyBytes + 1));
    expect(response.status).toBe(413);
    expect(errorOf(response)).toMatchObject({
      status: '413',
      code: 'request_too_large',
      detail: 'The request body is 1048577 bytes; the limit is 1048576.',
      meta: { limit: 1_048_576 },
    });
  });
});

describe('maxBodyDepth (32 levels, the document being level 1)', () => {
  // The document (1) holds `meta` (2), an array nested 30 levels more below it.
  const document = (metaLevels: number) => `{"data":${JSON.stringify(newPerson())},"meta":${nested(metaLevels)}}`;

  it('takes a document nested exactly 32 levels', async () => {
    expect((await writable()('POST', '/persons', document(DEFAULT_LIMITS.maxBodyDepth - 1))).status).toBe(201);
  });

  it('refuses 33 levels with document_too_deep, pointing at the first value past the limit', async () => {
    const response = await writable()('POST', '/persons', document(DEFAULT_LIMITS.maxBodyDepth));
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'document_too_deep',
      detail: 'The request document nests more than 32 levels of arrays and objects.',
      // `/meta` is level 2; the 31st `/0` below it is level 33.
      source: { pointer: `/meta${'/0'.repeat(DEFAULT_LIMITS.maxBodyDepth - 1)}` },
      meta: { limit: 32 },
    });
  });
});

describe('maxOperations (100 operations in an Atomic Operations document)', () => {
  const operations = (count: number) =>
    JSON.stringify({ 'atomic:operations': Array.from({ length: count }, (_, index) => ({ op: 'add', data: newPerson(`P${String(index)}`) })) });

  it('applies exactly 100 operations', async () => {
    const response = await writable()('POST', '/operations', operations(DEFAULT_LIMITS.maxOperations), ATOMIC_TYPE);
    expect(response.status).toBe(200);
    expect((JSON.parse(response.body) as { 'atomic:results': unknown[] })['atomic:results']).toHaveLength(100);
  });

  it('refuses 101 with too_many_operations at /atomic:operations', async () => {
    const response = await writable()('POST', '/operations', operations(DEFAULT_LIMITS.maxOperations + 1), ATOMIC_TYPE);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'too_many_operations',
      detail: 'One request takes at most 100 operations.',
      source: { pointer: '/atomic:operations' },
      meta: { limit: 100 },
    });
  });
});

describe('maxLinkageItems (1,000 identifiers in a to-many relationship)', () => {
  const linkage = (count: number) =>
    JSON.stringify({ data: Array.from({ length: count }, (_, index) => ({ type: 'computer', id: `c${String(index + 1)}` })) });

  it('replaces a to-many relationship with exactly 1,000 identifiers', async () => {
    const send = writable(DEFAULT_LIMITS.maxLinkageItems);
    expect((await send('PATCH', '/persons/1/relationships/computers', linkage(DEFAULT_LIMITS.maxLinkageItems))).status).toBe(204);
  });

  it('refuses 1,001 with too_many_identifiers at /data', async () => {
    const send = writable(DEFAULT_LIMITS.maxLinkageItems + 1);
    const response = await send('PATCH', '/persons/1/relationships/computers', linkage(DEFAULT_LIMITS.maxLinkageItems + 1));
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'too_many_identifiers',
      detail: 'A to-many relationship takes at most 1000 identifiers in one write.',
      source: { pointer: '/data' },
      meta: { limit: 1000 },
    });
  });
});

describe('maxIdLength (64 characters)', () => {
  const code = (id: string) => JSON.stringify({ data: { type: 'code', id, attributes: { value: 'v' } } });

  it('takes a client id of exactly 64 characters', async () => {
    const response = await writable()('POST', '/codes', code('k'.repeat(DEFAULT_LIMITS.maxIdLength)));
    expect(response.status).toBe(201);
  });

  it('refuses a client id of 65 characters with invalid_id at /data/id', async () => {
    const response = await writable()('POST', '/codes', code('k'.repeat(DEFAULT_LIMITS.maxIdLength + 1)));
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'invalid_id',
      detail: 'An id of code is text without NUL or lone surrogates, of 1 to 64 characters.',
      source: { pointer: '/data/id' },
    });
  });

  it('finds no resource to update at a path id of 65 characters (404), and reaches one at 64', async () => {
    const send = writable();
    const at = 'k'.repeat(DEFAULT_LIMITS.maxIdLength);
    expect((await send('POST', '/codes', code(at))).status).toBe(201);
    const update = (id: string) => JSON.stringify({ data: { type: 'code', id, attributes: { value: 'w' } } });
    expect((await send('PATCH', `/codes/${at}`, update(at))).status).toBe(200);
    const past = `${at}k`;
    const response = await send('PATCH', `/codes/${past}`, update(past));
    expect(response.status).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'not_found' });
  });
});
