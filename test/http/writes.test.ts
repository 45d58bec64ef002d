/**
 * The write routes of a writable handler over the memory layer: every route and
 * status of JSON:API 1.1 "Creating, Updating and Deleting Resources", the Atomic
 * Operations extension, media types with `ext`, body limits, and the scope.
 */
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import { createHandler, type Handler, type HandlerOptions, type HandlerRequest } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { newPerson, writeSchema } from '../write/write-schema.js';
import { checkOpenApiResponse } from '../helpers/openapi-check.js';
import { checkDocument } from './document-check.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC = 'https://jsonapi.org/ext/atomic';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="${ATOMIC}"`;
const data = {
  person: [
    { id: '1', name: 'Ann', display_name: 'Ann A.', birth_date: null, gender: 'f' },
    { id: '2', name: 'Bob', display_name: 'Bob B.', birth_date: null, gender: 'm' },
  ],
  computer: [
    { id: '1', serial: 'A', owner: '1' },
    { id: '2', serial: 'B', owner: null },
  ],
  tag: [{ id: 5, label: 'five', note: null, weight: null, created: null, people: [] }],
  country: [{ id: 'fr', name: 'France' }],
};

function writable(options: Partial<HandlerOptions> = {}) {
  const settings: HandlerOptions = { schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data), writable: true, ...options };
  const created = createHandler(settings);
  // Every answer, reads and writes, is held to the handler's own OpenAPI document.
  const handle: Handler = async (request) => {
    const response = await created(request);
    checkOpenApiResponse(settings, request, response);
    return response;
  };
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = { 'content-type': MEDIA_TYPE }, query = '') => {
    const request: HandlerRequest = {
      method,
      path,
      query,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    };
    const response = await handle(request);
    // Every document but an atomic one is held to the official JSON:API schemas.
    if (response.body !== '' && path !== '/operations') checkDocument(JSON.parse(response.body), { schema: writeSchema, links: 'relative' });
    return { ...response, document: response.body === '' ? undefined : (JSON.parse(response.body) as Record<string, unknown>) };
  };
  const atomic = (operations: unknown) => send('POST', '/operations', { 'atomic:operations': operations }, { 'content-type': ATOMIC_TYPE });
  /** Every resource of every type with its relationships, as the handler reads it: the whole state. */
  const state = async (): Promise<string> => {
    const reads = await Promise.all(
      [['persons', 'computers'], ['computers', 'owner'], ['tags', 'people'], ['countries', '']].map(([root, include]) =>
        handle({ method: 'GET', path: `/${root ?? ''}`, query: include === '' ? '' : `include=${include ?? ''}&page[size]=0`, headers: {} }),
      ),
    );
    return reads.map((read) => read.body).join('\n');
  };
  return { handle, send, atomic, state };
}
const errorsOf = (document: Record<string, unknown> | undefined) => document?.['errors'] as Record<string, unknown>[];

describe('a read-only handler (the default)', () => {
  it('answers every write with a 405 and Allow: GET, HEAD', async () => {
    const handle = createHandler({ schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data) });
    const response = await handle({ method: 'POST', path: '/persons', query: '', headers: {}, body: JSON.stringify({ data: newPerson() }) });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
    expect((await handle({ method: 'POST', path: '/operations', query: '', headers: {} })).status).toBe(404);
  });

  it('stays read-only over a layer without apply, even asked to write', async () => {
    const layer = createMemoryLayer(writeSchema, data);
    const readOnly = Object.fromEntries(Object.entries(layer).filter(([name]) => name !== 'apply')) as unknown as DataLayer;
    expect(readOnly.apply).toBeUndefined();
    const handle = createHandler({ schema: writeSchema, dataLayer: readOnly, writable: true });
    const response = await handle({ method: 'DELETE', path: '/persons/1', query: '', headers: {} });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
  });

  it('refuses writable: true with a type whose root is operations', () => {
    const schema = { types: { op: { root: 'operations', attributes: {} } } } as const;
    expect(() => createHandler({ schema, dataLayer: createMemoryLayer(schema, {}), writable: true })).toThrow(RangeError);
  });
});

describe('creating', () => {
  it('answers 201 with Location and the document of the new resource, its id chosen by the layer', async () => {
    const { send } = writable();
    const response = await send('POST', '/persons', { data: newPerson() });
    expect(response.status).toBe(201);
    expect(response.headers['location']).toBe('/persons/3');
    expect(response.headers['content-type']).toBe(MEDIA_TYPE);
    expect(response.document?.['data']).toMatchObject({ type: 'person', id: '3', attributes: { name: 'Ada', display_name: 'Ada L.', birth_date: null, gender: null }, links: { self: '/persons/3' } });
  });

  it('applies include and fields of the query to the document, and prefixes Location with baseUrl', async () => {
    const { send } = writable({ baseUrl: 'https://api.example.com' });
    const document = { data: { type: 'computer', attributes: { serial: 'N' }, relationships: { owner: { data: { type: 'person', id: '1' } } } } };
    const response = await send('POST', '/computers', document, undefined, 'include=owner&fields[person]=name');
    expect(response.status).toBe(201);
    expect(response.headers['location']).toBe('https://api.example.com/computers/3');
    expect((response.document?.['data'] as { links: { self: string } }).links.self).toBe(response.headers['location']);
    expect(response.document?.['included']).toEqual([expect.objectContaining({ type: 'person', id: '1', attributes: { name: 'Ann' } })]);
  });

  it('checks the query before writing: a bad query is a 400 and nothing is written', async () => {
    const { send, state } = writable();
    const before = await state();
    const response = await send('POST', '/persons', { data: newPerson() }, undefined, 'include=nope');
    expect(response.status).toBe(400);
    expect(await state()).toBe(before);
  });

  it('takes a client id where the type allows it, and answers a taken one with a 409', async () => {
    const { send } = writable();
    const created = await send('POST', '/tags', { data: { type: 'tag', id: '9', attributes: { label: 'nine', note: null } } });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/tags/9');
    const taken = await send('POST', '/tags', { data: { type: 'tag', id: '9', attributes: { label: 'nine', note: null } } });
    expect(taken.status).toBe(409);
    expect(errorsOf(taken.document)[0]).toMatchObject({ code: 'duplicate_id', source: { pointer: '/data/id' } });
  });

  it.each<[string, unknown, number, string, string | undefined]>([
    ['a client id the type forbids', { data: { ...newPerson(), id: '7' } }, 403, 'client_id_forbidden', '/data/id'],
    ['another type than the collection', { data: { type: 'computer', attributes: { serial: 'x' } } }, 409, 'type_mismatch', '/data/type'],
    ['a related resource that does not exist', { data: { ...newPerson(), relationships: { computers: { data: [{ type: 'computer', id: '1' }, { type: 'computer', id: '404' }] } } } }, 404, 'related_not_found', '/data/relationships/computers/data/1'],
    ['a read-only attribute', { data: { type: 'tag', attributes: { label: 'l', note: null, created: 'x' } } }, 403, 'read_only_field', '/data/attributes/created'],
    ['a body that is not JSON', '{"data":', 400, 'invalid_json', undefined],
  ])('refuses %s', async (_, document, status, code, pointer) => {
    const { send } = writable();
    const path = (document as { data?: { type?: string } }).data?.type === 'tag' ? '/tags' : '/persons';
    const response = await send('POST', path, document);
    expect(response.status).toBe(status);
    expect(errorsOf(response.document)[0]).toMatchObject({ status: String(status), code, ...(pointer === undefined ? {} : { source: { pointer } }) });
  });
});

describe('updating and deleting', () => {
  it('PATCH answers 200 with the document after the update', async () => {
    const { send } = writable();
    const response = await send('PATCH', '/persons/1', { data: { type: 'person', id: '1', attributes: { name: 'Anna' } } });
    expect(response.status).toBe(200);
    expect(response.document?.['data']).toMatchObject({ id: '1', attributes: { name: 'Anna', display_name: 'Ann A.' } });
  });

  it('DELETE answers 204 and the resource is gone', async () => {
    const { send, handle } = writable();
    const response = await send('DELETE', '/computers/1', undefined, {});
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await handle({ method: 'GET', path: '/computers/1', query: '', headers: {} })).status).toBe(404);
  });

  it.each<[string, string, unknown, number, string, string | undefined]>([
    ['PATCH of a missing resource', '/persons/9', { data: { type: 'person', id: '9', attributes: {} } }, 404, 'not_found', undefined],
    ['DELETE of a missing resource', '/persons/9', undefined, 404, 'not_found', undefined],
    ['PATCH of another id', '/persons/1', { data: { type: 'person', id: '2' } }, 409, 'id_mismatch', '/data/id'],
    ['PATCH of another type', '/persons/1', { data: { type: 'computer', id: '1' } }, 409, 'type_mismatch', '/data/type'],
    ['an id no resource can have', '/tags/05', { data: { type: 'tag', id: '05' } }, 404, 'not_found', undefined],
  ])('refuses %s', async (_, path, document, status, code, pointer) => {
    const { send } = writable();
    const response = await send(document === undefined ? 'DELETE' : 'PATCH', path, document);
    expect(response.status).toBe(status);
    expect(errorsOf(response.document)[0]).toMatchObject({ code, ...(pointer === undefined ? {} : { source: { pointer } }) });
  });
});

describe('relationship routes', () => {
  it('PATCH, POST and DELETE answer 204 and change the linkage', async () => {
    const { send, handle } = writable();
    const linkage = async (path: string) => JSON.parse((await handle({ method: 'GET', path, query: '', headers: {} })).body).data;
    expect((await send('PATCH', '/computers/2/relationships/owner', { data: { type: 'person', id: '2' } })).status).toBe(204);
    expect(await linkage('/persons/2/relationships/computers')).toEqual([{ type: 'computer', id: '2' }]);
    expect((await send('POST', '/persons/2/relationships/computers', { data: [{ type: 'computer', id: '1' }] })).status).toBe(204);
    expect(await linkage('/persons/1/relationships/computers')).toEqual([]);
    expect((await send('DELETE', '/persons/2/relationships/computers', { data: [{ type: 'computer', id: '2' }] })).status).toBe(204);
    expect(await linkage('/computers/2/relationships/owner')).toBeNull();
    expect((await send('PATCH', '/persons/2/relationships/computers', { data: [] })).status).toBe(204);
    expect(await linkage('/persons/2/relationships/computers')).toEqual([]);
  });

  it('answers 404 for a missing owner and for a missing related resource, with its pointer', async () => {
    const { send } = writable();
    expect((await send('PATCH', '/computers/9/relationships/owner', { data: null })).status).toBe(404);
    const response = await send('POST', '/persons/1/relationships/computers', { data: [{ type: 'computer', id: '2' }, { type: 'computer', id: '9' }] });
    expect(response.status).toBe(404);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'related_not_found', source: { pointer: '/data/1' } });
  });

  it.each([
    ['POST', '/computers/1/relationships/owner', 'GET, HEAD, PATCH'],
    ['DELETE', '/computers/1/relationships/owner', 'GET, HEAD, PATCH'],
    ['POST', '/persons/1/computers', 'GET, HEAD'],
    ['PATCH', '/tags/5/relationships/creator', 'GET, HEAD'],
    ['POST', '/countries', 'GET, HEAD'],
    ['DELETE', '/countries/fr', 'GET, HEAD'],
    ['PUT', '/persons/1', 'GET, HEAD, PATCH, DELETE'],
    ['DELETE', '/persons', 'GET, HEAD, POST'],
    ['GET', '/operations', 'POST'],
  ])('%s %s is a 405 with Allow: %s', async (method, path, allow) => {
    const { send } = writable();
    const response = await send(method, path, { data: [] });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe(allow);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('media types', () => {
  it.each([
    ['no Content-Type', {}],
    ['application/json', { 'content-type': 'application/json' }],
    ['a media type parameter', { 'content-type': `${MEDIA_TYPE}; charset=utf-8` }],
    ['an unknown extension', { 'content-type': `${MEDIA_TYPE}; ext="https://example.com/ext"` }],
  ])('answers a body sent with %s with a 415', async (_, headers) => {
    const { send } = writable();
    const response = await send('POST', '/persons', { data: newPerson() }, headers);
    expect(response.status).toBe(415);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('takes the atomic extension in Content-Type on a single route', async () => {
    const { send } = writable();
    expect((await send('POST', '/persons', { data: newPerson() }, { 'content-type': ATOMIC_TYPE })).status).toBe(201);
  });

  it('answers 406 when every JSON:API media type in Accept asks for an unknown extension, and accepts the atomic one', async () => {
    const { send } = writable();
    const unknown = await send('POST', '/persons', { data: newPerson() }, { 'content-type': MEDIA_TYPE, accept: `${MEDIA_TYPE}; ext="https://example.com/ext"` });
    expect(unknown.status).toBe(406);
    const atomic = await send('POST', '/persons', { data: newPerson() }, { 'content-type': MEDIA_TYPE, accept: ATOMIC_TYPE });
    expect(atomic.status).toBe(201);
  });

  it('answers POST /operations without the atomic extension with a 415', async () => {
    const { send } = writable();
    const response = await send('POST', '/operations', { 'atomic:operations': [{ op: 'add', data: newPerson() }] });
    expect(response.status).toBe(415);
  });
});

describe('maxBodyBytes through the handler', () => {
  const document = JSON.stringify({ data: newPerson() });
  it('takes a body of exactly the limit and refuses one byte more with a 413', async () => {
    const at = writable({ limits: { maxBodyBytes: document.length } });
    expect((await at.send('POST', '/persons', document)).status).toBe(201);
    const past = writable({ limits: { maxBodyBytes: document.length - 1 } });
    const response = await past.send('POST', '/persons', document);
    expect(response.status).toBe(413);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'request_too_large', meta: { limit: document.length - 1 } });
  });

  it('asks a body reader for no more than the limit, and answers its refusal with a 413', async () => {
    const handle = createHandler({ schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data), writable: true, limits: { maxBodyBytes: 10 } });
    const asked: number[] = [];
    const response = await handle({
      method: 'POST',
      path: '/persons',
      query: '',
      headers: { 'content-type': MEDIA_TYPE },
      body: (maxBytes) => {
        asked.push(maxBytes);
        return Promise.resolve(null);
      },
    });
    expect(asked).toEqual([10]);
    expect(response.status).toBe(413);
  });

  it('answers a body that is not UTF-8 with a 400', async () => {
    const handle = createHandler({ schema: writeSchema, dataLayer: createMemoryLayer(writeSchema, data), writable: true });
    const body = () => Promise.resolve(new Uint8Array([0x7b, 0xff, 0x7d]));
    const response = await handle({ method: 'POST', path: '/persons', query: '', headers: { 'content-type': MEDIA_TYPE }, body });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ code: 'invalid_json' }] });
  });
});

describe('Atomic Operations', () => {
  it('applies a batch with lids and answers 200 with atomic:results in the extension media type', async () => {
    const { atomic, handle } = writable();
    const response = await atomic([
      { op: 'add', data: { ...newPerson('Cy'), lid: 'cy' } },
      { op: 'add', data: { type: 'computer', attributes: { serial: 'Z' }, relationships: { owner: { data: { type: 'person', lid: 'cy' } } } } },
      { op: 'update', ref: { type: 'person', id: '2' }, data: { type: 'person', id: '2', attributes: { name: 'Bobby' } } },
      { op: 'remove', ref: { type: 'computer', id: '1' } },
      { op: 'update', ref: { type: 'person', lid: 'cy', relationship: 'computers' }, data: [{ type: 'computer', id: '2' }, { type: 'computer', id: '3' }] },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(ATOMIC_TYPE);
    expect(response.document).toMatchObject({
      jsonapi: { version: '1.1', ext: [ATOMIC] },
      'atomic:results': [
        { data: { type: 'person', id: '3', attributes: { name: 'Cy' } } },
        { data: { type: 'computer', id: '3', attributes: { serial: 'Z' } } },
        { data: { type: 'person', id: '2', attributes: { name: 'Bobby' } } },
        {},
        {},
      ],
    });
    const linkage = JSON.parse((await handle({ method: 'GET', path: '/persons/3/relationships/computers', query: '', headers: {} })).body).data;
    expect(linkage).toEqual([{ type: 'computer', id: '2' }, { type: 'computer', id: '3' }]);
  });

  it('answers the identifier of a resource a later operation of the batch removed, so its generated id is known (not {})', async () => {
    const { atomic, send } = writable();
    const response = await atomic([
      { op: 'add', data: { ...newPerson('Gone'), lid: 'g' } },
      { op: 'update', ref: { type: 'person', id: '2' }, data: { type: 'person', id: '2', attributes: { name: 'Bobby' } } },
      { op: 'remove', ref: { type: 'person', lid: 'g' } },
      { op: 'remove', ref: { type: 'person', id: '2' } },
    ]);
    expect(response.status).toBe(200);
    expect(response.document?.['atomic:results']).toEqual([{ data: { type: 'person', id: '3' } }, { data: { type: 'person', id: '2' } }, {}, {}]);
    expect((await send('GET', '/persons/3')).status).toBe(404);
  });

  it('answers 204 when no operation returns data', async () => {
    const { atomic } = writable();
    const response = await atomic([{ op: 'remove', ref: { type: 'computer', id: '1' } }]);
    expect(response.status).toBe(204);
  });

  it('changes nothing when an operation fails, and points at it', async () => {
    const { atomic, state } = writable();
    const before = await state();
    const response = await atomic([
      { op: 'add', data: newPerson('A') },
      { op: 'remove', ref: { type: 'computer', id: '1' } },
      { op: 'update', ref: { type: 'person', id: '1' }, data: { type: 'person', id: '1', attributes: { name: 'Changed' } } },
      { op: 'add', data: { type: 'computer', attributes: { serial: 'S' }, relationships: { owner: { data: { type: 'person', id: '404' } } } } },
    ]);
    expect(response.status).toBe(404);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'related_not_found', source: { pointer: '/atomic:operations/3/data/relationships/owner/data' } });
    expect(await state()).toBe(before);
  });

  it('points a validation fault at its operation: /atomic:operations/3/data/attributes/serial', async () => {
    const { atomic, state } = writable();
    const before = await state();
    const response = await atomic([
      { op: 'add', data: newPerson('A') },
      { op: 'add', data: newPerson('B') },
      { op: 'add', data: newPerson('C') },
      { op: 'add', data: { type: 'computer', attributes: { serial: 7 } } },
    ]);
    expect(response.status).toBe(400);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'invalid_attribute', source: { pointer: '/atomic:operations/3/data/attributes/serial' } });
    expect(await state()).toBe(before);
  });

  it('answers a remove of a missing resource with a 404 at its ref', async () => {
    const { atomic } = writable();
    const response = await atomic([{ op: 'remove', ref: { type: 'person', id: '9' } }]);
    expect(response.status).toBe(404);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'not_found', source: { pointer: '/atomic:operations/0/ref' } });
  });
});

describe('scope holds for writes', () => {
  const scope = { person: compareNode('gender', 'eq', 'f') };
  it('cannot create, update or delete outside the scope, nor link to a resource outside it', async () => {
    const { send, state } = writable({ scope });
    const before = await state();
    const man = await send('POST', '/persons', { data: { ...newPerson(), attributes: { ...newPerson().attributes, gender: 'm' } } });
    expect(man.status).toBe(403);
    expect(errorsOf(man.document)[0]).toMatchObject({ code: 'out_of_scope', source: { pointer: '/data' } });
    expect((await send('PATCH', '/persons/2', { data: { type: 'person', id: '2', attributes: { name: 'X' } } })).status).toBe(404);
    expect((await send('DELETE', '/persons/2', undefined, {})).status).toBe(404);
    const linked = await send('PATCH', '/computers/2/relationships/owner', { data: { type: 'person', id: '2' } });
    expect(linked.status).toBe(404);
    expect(errorsOf(linked.document)[0]).toMatchObject({ code: 'related_not_found', source: { pointer: '/data' } });
    expect(await state()).toBe(before);
  });

  it('refuses an update that moves a resource out of the scope', async () => {
    const { send } = writable({ scope: () => scope });
    const response = await send('PATCH', '/persons/1', { data: { type: 'person', id: '1', attributes: { gender: 'm' } } });
    expect(response.status).toBe(403);
    expect(errorsOf(response.document)[0]).toMatchObject({ code: 'out_of_scope' });
  });

  it('writes inside the scope', async () => {
    const { send } = writable({ scope });
    const response = await send('POST', '/persons', { data: { ...newPerson(), attributes: { ...newPerson().attributes, gender: 'f' } } });
    expect(response.status).toBe(201);
  });
});
