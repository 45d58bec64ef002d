/**
 * `ETag` and `If-Match` on a writable handler over the memory layer (docs/writes.md,
 * "Versions"): the tag of a versioned resource on its `GET` and on write responses,
 * a stale or foreign tag refused with 412 and nothing changed, `*`, weak and malformed
 * tags, the 428 of a type that requires `If-Match`, relationship routes, creates and
 * Atomic Operations; every response as the handler's OpenAPI document describes it.
 */
import { describe, expect, it } from 'vitest';
import { createHandler, type Handler, type HandlerOptions, type HandlerRequest } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { checkOpenApiResponse } from '../helpers/openapi-check.js';
import { versionedData, versionedSchema } from './versioned-schema.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`;

function server() {
  const settings: HandlerOptions = { schema: versionedSchema, dataLayer: createMemoryLayer(versionedSchema, versionedData), writable: true };
  const created = createHandler(settings);
  // Every answer, 412 and 428 included, is held to the handler's own OpenAPI document.
  const handle: Handler = async (request) => {
    const response = await created(request);
    checkOpenApiResponse(settings, request, response);
    return response;
  };
  const send = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown, query = '') => {
    const request: HandlerRequest = {
      method,
      path,
      query,
      headers: { 'content-type': MEDIA_TYPE, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const response = await handle(request);
    return { ...response, document: response.body === '' ? undefined : (JSON.parse(response.body) as Record<string, unknown>) };
  };
  const retitle = (id: string, title: string, headers: Record<string, string> = {}) =>
    send('PATCH', `/notes/${id}`, headers, { data: { type: 'note', id, attributes: { title } } });
  const note = async (id: string) => (await send('GET', `/notes/${id}`)).document?.['data'];
  return { send, retitle, note };
}
const firstError = (document: Record<string, unknown> | undefined) => (document?.['errors'] as Record<string, unknown>[])[0];

describe('ETag', () => {
  it('is the strong tag of type, id and version on GET and HEAD of a versioned resource, none elsewhere', async () => {
    const { send } = server();
    expect((await send('GET', '/notes/2')).headers['etag']).toBe('"note:2:7"');
    expect((await send('HEAD', '/notes/2')).headers['etag']).toBe('"note:2:7"');
    expect((await send('GET', '/authors/1')).headers['etag']).toBeUndefined();
    expect((await send('GET', '/notes')).headers['etag']).toBeUndefined();
  });

  it('is there whatever the sparse fieldset (the version need not be in the document)', async () => {
    const { send } = server();
    const sparse = await send('GET', '/notes/2', {}, undefined, 'fields[note]=title');
    expect(sparse.document?.['data']).toEqual(expect.objectContaining({ attributes: { title: 'Second' } }));
    expect(sparse.headers['etag']).toBe('"note:2:7"');
  });

  it('is on a create (version 1) and on an update (bumped), and every write bumps the version', async () => {
    const { send, retitle } = server();
    const created = await send('POST', '/notes', {}, { data: { type: 'note', attributes: { title: 'New' } } });
    expect(created.status).toBe(201);
    const id = (created.document?.['data'] as { id: string }).id;
    expect(created.headers['etag']).toBe(`"note:${id}:1"`);
    expect(created.document?.['data']).toMatchObject({ attributes: { revision: 1 } });
    const updated = await retitle('2', 'Changed');
    expect(updated.headers['etag']).toBe('"note:2:8"');
    expect(updated.document?.['data']).toMatchObject({ attributes: { title: 'Changed', revision: 8 } });
    const linked = await send('PATCH', '/notes/2/relationships/author', {}, { data: { type: 'author', id: '1' } });
    expect(linked.status).toBe(204);
    expect((await send('GET', '/notes/2')).headers['etag']).toBe('"note:2:9"');
  });

  it('percent-encodes type and id, so that any id makes a valid, unambiguous tag', async () => {
    const { send } = server();
    const created = await send('POST', '/notes', {}, { data: { type: 'note', attributes: { title: 'x' } } });
    const id = (created.document?.['data'] as { id: string }).id;
    expect(created.headers['etag']).toMatch(/^"[\x21\x23-\x7e]*"$/);
    expect(created.headers['etag']).toBe(`"note:${encodeURIComponent(id)}:1"`);
  });
});

describe('If-Match on PATCH and DELETE', () => {
  it('applies a write whose tag is current, and answers with the new tag', async () => {
    const { retitle, note } = server();
    const response = await retitle('2', 'Kept', { 'if-match': '"note:2:7"' });
    expect(response.status).toBe(200);
    expect(response.headers['etag']).toBe('"note:2:8"');
    expect(await note('2')).toMatchObject({ attributes: { title: 'Kept', revision: 8 } });
  });

  it('refuses a stale tag with 412 precondition_failed (source.header) and changes nothing', async () => {
    const { retitle, send, note } = server();
    const before = await note('2');
    const response = await retitle('2', 'Lost', { 'if-match': '"note:2:6"' });
    expect(response.status).toBe(412);
    expect(firstError(response.document)).toMatchObject({ status: '412', code: 'precondition_failed', source: { header: 'If-Match' } });
    expect((await send('DELETE', '/notes/2', { 'if-match': '"note:2:6"' })).status).toBe(412);
    expect(await note('2')).toEqual(before);
  });

  it('takes any tag of a list, refuses tags of another resource, weak tags and a malformed header', async () => {
    const { retitle } = server();
    expect((await retitle('2', 'a', { 'if-match': '"note:1:1", W/"note:2:7"' })).status).toBe(412);
    expect((await retitle('2', 'a', { 'if-match': '"note:2:7' })).status).toBe(412);
    expect((await retitle('2', 'a', { 'if-match': 'note:2:7' })).status).toBe(412);
    expect((await retitle('2', 'a', { 'if-match': '"note:2:07"' })).status).toBe(412);
    expect((await retitle('2', 'a', { 'if-match': '"note:2:6", "note:2:7"' })).status).toBe(200);
  });

  it('takes * for an existing resource, and answers 412 (not 404) when the resource is gone', async () => {
    const { retitle, send } = server();
    expect((await retitle('2', 'a', { 'if-match': '*' })).status).toBe(200);
    expect((await send('DELETE', '/notes/2', { 'if-match': '"note:2:8"' })).status).toBe(204);
    expect((await retitle('2', 'b', { 'if-match': '"note:2:9"' })).status).toBe(412);
    expect((await send('DELETE', '/notes/2', { 'if-match': '*' })).status).toBe(412);
    expect((await send('DELETE', '/notes/2')).status).toBe(404);
  });

  it('refuses any tag but * for a type without a version', async () => {
    const { send } = server();
    const rename = (ifMatch: string) =>
      send('PATCH', '/authors/1', { 'if-match': ifMatch }, { data: { type: 'author', id: '1', attributes: { name: 'Anna' } } });
    expect((await rename('"author:1:1"')).status).toBe(412);
    expect((await rename('*')).status).toBe(200);
  });

  it('checks the owner version on a relationship route', async () => {
    const { send, note } = server();
    const link = (ifMatch: string) => send('PATCH', '/notes/2/relationships/author', { 'if-match': ifMatch }, { data: { type: 'author', id: '1' } });
    expect((await link('"note:2:6"')).status).toBe(412);
    const author = async () => (await send('GET', '/notes/2/relationships/author')).document?.['data'];
    expect(await author()).toBeNull();
    expect((await link('"note:2:7"')).status).toBe(204);
    expect(await author()).toEqual({ type: 'author', id: '1' });
    expect(await note('2')).toMatchObject({ attributes: { revision: 8 } });
  });

  it('refuses a tag on a create (a new resource has none), takes *', async () => {
    const { send } = server();
    const create = (ifMatch: string) => send('POST', '/notes', { 'if-match': ifMatch }, { data: { type: 'note', attributes: { title: 'n' } } });
    expect((await create('"note:1:1"')).status).toBe(412);
    expect((await create('*')).status).toBe(201);
  });

  it('answers a bad body with its 400 before the precondition', async () => {
    const { send } = server();
    const response = await send('PATCH', '/notes/2', { 'if-match': '"note:2:1"' }, { data: { type: 'note', id: '2', attributes: { title: 5 } } });
    expect(response.status).toBe(400);
  });
});

describe('a type that requires If-Match', () => {
  it('refuses PATCH and DELETE without it with 428 precondition_required, takes them with a current tag', async () => {
    const { send } = server();
    const patch = (headers: Record<string, string>) =>
      send('PATCH', '/ledgers/1', headers, { data: { type: 'ledger', id: '1', attributes: { balance: 50 } } });
    const refused = await patch({});
    expect(refused.status).toBe(428);
    expect(firstError(refused.document)).toMatchObject({ code: 'precondition_required', source: { header: 'If-Match' } });
    expect((await send('DELETE', '/ledgers/1')).status).toBe(428);
    expect((await patch({ 'if-match': '"ledger:1:1"' })).status).toBe(200);
    expect((await send('GET', '/ledgers/1')).document?.['data']).toMatchObject({ attributes: { balance: 50, revision: 2 } });
  });

  it('takes creates without If-Match', async () => {
    const { send } = server();
    expect((await send('POST', '/ledgers', {}, { data: { type: 'ledger', attributes: { balance: 1 } } })).status).toBe(201);
  });
});

describe('Atomic Operations', () => {
  const atomic = (send: ReturnType<typeof server>['send'], operations: unknown, headers: Record<string, string> = {}) =>
    send('POST', '/operations', { 'content-type': ATOMIC_TYPE, ...headers }, { 'atomic:operations': operations });

  it('refuses If-Match with a tag (a batch has none) and takes *', async () => {
    const { send } = server();
    const update = [{ op: 'update', data: { type: 'note', id: '2', attributes: { title: 'b' } } }];
    const refused = await atomic(send, update, { 'if-match': '"note:2:7"' });
    expect(refused.status).toBe(412);
    expect((await atomic(send, update, { 'if-match': '*' })).status).toBe(200);
  });

  it('bumps the version of every resource an operation addresses', async () => {
    const { send } = server();
    const twice = [
      { op: 'update', data: { type: 'note', id: '2', attributes: { title: 'b' } } },
      { op: 'update', data: { type: 'note', id: '2', attributes: { title: 'c' } } },
    ];
    expect((await atomic(send, twice)).status).toBe(200);
    expect((await send('GET', '/notes/2')).headers['etag']).toBe('"note:2:9"');
  });

  it('refuses an operation addressed to a type that requires If-Match with 428 at its pointer, applying nothing', async () => {
    const { send, note } = server();
    const response = await atomic(send, [
      { op: 'update', data: { type: 'note', id: '2', attributes: { title: 'lost' } } },
      { op: 'remove', ref: { type: 'ledger', id: '1' } },
    ]);
    expect(response.status).toBe(428);
    expect(firstError(response.document)).toMatchObject({ code: 'precondition_required', source: { pointer: '/atomic:operations/1' } });
    expect(await note('2')).toMatchObject({ attributes: { title: 'Second', revision: 7 } });
  });
});
