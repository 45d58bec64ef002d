/**
 * Hostile request bodies through the handler, as properties: any text, any JSON
 * value, and documents close to valid ones with members and values drawn from the
 * schema's names, prototype names and arbitrary JSON. Every answer is a success or
 * a JSON:API error of a known code with the status its code gives (never a 500), a
 * `source.pointer` that resolves inside the document sent, and a refused write
 * changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../src/errors/error-codes.js';
import { createHandler, type Handler } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { writeSchema } from './write-schema.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`;
const data = {
  person: [{ id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f' }],
  computer: [{ id: '1', serial: 'A', owner: '1' }],
  tag: [{ id: 5, label: 'five', note: null, weight: null, created: null, people: ['1'] }],
};

const ROUTES = [
  ['POST', '/persons', MEDIA_TYPE],
  ['PATCH', '/persons/1', MEDIA_TYPE],
  ['PATCH', '/tags/5', MEDIA_TYPE],
  ['POST', '/tags', MEDIA_TYPE],
  ['PATCH', '/computers/1/relationships/owner', MEDIA_TYPE],
  ['POST', '/persons/1/relationships/computers', MEDIA_TYPE],
  ['DELETE', '/tags/5/relationships/people', MEDIA_TYPE],
  ['POST', '/operations', ATOMIC_TYPE],
] as const;

function fresh(): Handler {
  return createHandler({ schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data), writable: true, limits: { maxBodyDepth: 12 } });
}

async function state(handle: Handler): Promise<string> {
  const reads = await Promise.all(
    ['/persons?include=computers', '/computers?include=owner', '/tags?include=people'].map(async (target) => {
      const [path = '', query = ''] = target.split('?');
      return (await handle({ method: 'GET', path, query, headers: {} })).body;
    }),
  );
  return reads.join('\n');
}

/** Whether a JSON pointer (RFC 6901) names a value inside `document`. */
function resolves(document: unknown, pointer: string): boolean {
  if (pointer === '') return true;
  let value: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return false;
    value = (value as Record<string, unknown>)[segment];
  }
  return true;
}

/** Sends one body on one route and checks the answer; resolves with whether anything may have been written. */
async function check(handle: Handler, [method, path, contentType]: (typeof ROUTES)[number], body: string): Promise<void> {
  const before = await state(handle);
  const response = await handle({ method, path, query: '', headers: { 'content-type': contentType }, body });
  if (response.status < 300) return;
  const document = JSON.parse(response.body) as { errors: { status: string; code: ErrorCode; source?: { pointer?: string } }[] };
  const [error] = document.errors;
  expect(error).toBeDefined();
  if (error === undefined) return;
  expect(Object.hasOwn(ERROR_CODES, error.code)).toBe(true);
  expect({ code: error.code, status: response.status }).toEqual({ code: error.code, status: ERROR_CODES[error.code].status });
  expect(response.status).not.toBe(500);
  const pointer = error.source?.pointer;
  if (pointer !== undefined) {
    let sent: unknown;
    try {
      sent = JSON.parse(body);
    } catch {
      sent = undefined;
    }
    expect({ pointer, resolves: resolves(sent, pointer) }).toEqual({ pointer, resolves: true });
  }
  expect(await state(handle)).toBe(before);
}

const names = fc.constantFrom('name', 'display_name', 'gender', 'birth_date', 'serial', 'label', 'note', 'weight', 'created', 'computers', 'owner', 'people', 'creator', '__proto__', 'constructor', 'toString', 'id', 'type', '');
const member = fc.oneof(names, fc.string({ maxLength: 4 }));
const types = fc.oneof(fc.constantFrom('person', 'computer', 'tag', 'country', '__proto__'), fc.jsonValue({ maxDepth: 1 }));
const values = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(-0, 2 ** 53, 1e308, '1990-02-30', '\u0000', '\uD800'));
const identifier = fc.record({ type: types, id: fc.oneof(fc.constantFrom('1', '5', '05', '9'), values), lid: fc.oneof(fc.constant('a'), values) }, { requiredKeys: ['type'] });
const linkage = fc.oneof(fc.constant(null), identifier, fc.array(identifier, { maxLength: 3 }), values);
const resource = fc.record(
  {
    type: types,
    id: fc.oneof(fc.constantFrom('1', '5', '05', '9'), values),
    lid: fc.oneof(fc.constant('a'), values),
    attributes: fc.oneof(fc.dictionary(member, values, { maxKeys: 4 }), values),
    relationships: fc.oneof(fc.dictionary(member, fc.oneof(fc.record({ data: linkage }), values), { maxKeys: 3 }), values),
  },
  { requiredKeys: [] },
);
const operation = fc.record(
  { op: fc.oneof(fc.constantFrom('add', 'update', 'remove'), values), ref: fc.oneof(identifier, fc.record({ type: types, id: fc.constantFrom('1', '5'), relationship: member })), data: fc.oneof(resource, linkage) },
  { requiredKeys: [] },
);
const document = fc.oneof(
  fc.record({ data: fc.oneof(resource, linkage) }),
  fc.record({ 'atomic:operations': fc.oneof(fc.array(operation, { maxLength: 4 }), values) }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('hostile bodies never get a 500 and never write half', () => {
  it('any text', async () => {
    const handle = fresh();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.string({ unit: 'binary', maxLength: 64 }), (route, body) => check(handle, route, body)),
      { numRuns: 300 },
    );
  });

  it('documents near valid ones, on every write route', async () => {
    const handle = fresh();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), document, (route, body) => check(handle, route, JSON.stringify(body))),
      { numRuns: 1000 },
    );
  });

  it('JSON text with repeated members and deep nesting', async () => {
    const handle = fresh();
    const deep = fc.integer({ min: 1, max: 40 }).map((depth) => `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    const repeated = fc.constantFrom('type', 'id', 'attributes', 'data').map((name) => `{"data":{"type":"person","${name}":1,"${name}":2}}`);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ROUTES), fc.oneof(deep, repeated), (route, body) => check(handle, route, body)), { numRuns: 100 });
  });
});
