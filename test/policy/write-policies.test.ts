/**
 * Write policies (docs/policies.md, "Write policies") through a writable handler on
 * the memory layer and every SQL engine: the row filter still hides rows (404); a
 * visible row the requester may not update or delete, and a create or update whose
 * result falls outside `create`/`update`, is a 403 `forbidden_write` pointing at the
 * operation; relationship changes are updates of the resource they are addressed to;
 * a field left out of `fields` is a 403 `read_only_field` at its member. Every refused
 * list changes nothing: the whole state is read back, without a policy, and compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler, type HandlerRequest, type Policy } from '../../src/http/index.js';
import { compareNode } from '../../src/ast/filter-factories.js';
import type { DataLayer, WriteRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { createOperation } from '../../src/operations/operation-factories.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, skippedEngines } from '../helpers/engines.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ATOMIC_TYPE = `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"`;

const schema = defineSchema({
  types: {
    doc: {
      root: 'docs',
      attributes: {
        title: { type: 'string' },
        status: { type: 'string' },
        tenant: { type: 'string' },
        secret: { type: ['string', 'null'] },
      },
      relationships: { owner: { target: 'user', to: 'one', inverse: 'docs' } },
    },
    user: {
      root: 'users',
      attributes: { name: { type: 'string' }, tenant: { type: 'string' }, role: { type: ['string', 'null'] } },
      relationships: { docs: { target: 'doc', to: 'many', inverse: 'owner' } },
    },
  },
});

const DATA = {
  doc: [
    { id: 'd1', title: 'Draft', status: 'draft', tenant: 'a', secret: 's1', owner: 'u1' },
    { id: 'd2', title: 'Published', status: 'published', tenant: 'a', secret: null, owner: 'u1' },
    { id: 'd3', title: 'Theirs', status: 'draft', tenant: 'b', secret: null, owner: 'u2' },
    { id: 'd4', title: 'Unowned', status: 'draft', tenant: 'a', secret: null, owner: null },
  ],
  user: [
    { id: 'u1', name: 'Ann', tenant: 'a', role: 'admin' },
    { id: 'u2', name: 'Bob', tenant: 'b', role: null },
    { id: 'u3', name: 'Cid', tenant: 'a', role: null },
  ],
};

const tenantA = [{ name: 'tenant', op: 'eq', val: 'a' }];
const drafts = [{ name: 'status', op: 'eq', val: 'draft' }];

/**
 * An editor of tenant a: sees its rows only and no secret; creates, updates and
 * deletes drafts only (an update must leave a draft a draft); may rename users, and
 * nothing else of them.
 */
const editor: Policy<typeof schema> = {
  types: {
    doc: { filter: tenantA, hidden: ['secret'], write: { create: drafts, update: drafts, delete: drafts } },
    user: { filter: tenantA, write: { create: false, delete: false, fields: ['name'] } },
  },
};

const engines = await availableEngines();
const subjects: { readonly name: string; create(): Promise<{ layer: DataLayer; close(): Promise<void> }> }[] = [
  { name: 'memory', create: () => Promise.resolve({ layer: createMemoryLayer(schema, DATA), close: () => Promise.resolve() }) },
  ...engines.map((engine) => ({
    name: engine.name,
    async create() {
      const instance = await engine.create(schema, DATA);
      return { layer: instance.layer, close: () => instance.close() };
    },
  })),
];

for (const { name, reason } of skippedEngines()) {
  describe.skip(`write policies on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(subjects.map((subject) => [subject.name, subject] as const))('write policies on %s', (_, subject) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let asEditor: Handler;
  let unrestricted: Handler;
  beforeAll(async () => {
    ({ layer, close } = await subject.create());
    asEditor = createHandler({ schema, dataLayer: layer, writable: true, policy: editor });
    unrestricted = createHandler({ schema, dataLayer: layer, writable: true });
  });
  afterAll(async () => {
    await close();
  });

  const send = async (method: string, path: string, body?: unknown, contentType = MEDIA_TYPE) => {
    const request: HandlerRequest = {
      method,
      path,
      query: '',
      headers: { 'content-type': contentType },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const response = await asEditor(request);
    const document = response.body === '' ? undefined : (JSON.parse(response.body) as { errors?: Record<string, unknown>[] });
    return { status: response.status, errors: document?.errors };
  };
  const atomic = (operations: readonly unknown[]) => send('POST', '/operations', { 'atomic:operations': operations }, ATOMIC_TYPE);
  /** Every doc and user with every attribute and relationship, read without a policy. */
  const state = async (): Promise<unknown> => {
    const read = async (path: string) => JSON.parse((await unrestricted({ method: 'GET', path, query: 'page[size]=100', headers: {} })).body) as unknown;
    return { docs: await read('/docs'), users: await read('/users') };
  };
  /** Sends a write that must be refused, checks that it changed nothing, and gives its status and only error. */
  const refused = async (write: () => ReturnType<typeof send>) => {
    const before = await state();
    const { status, errors } = await write();
    expect(await state()).toEqual(before);
    expect(errors).toHaveLength(1);
    return { status, error: errors?.[0] };
  };
  const forbidden = (pointer?: string) => ({
    status: 403,
    error: { status: '403', code: 'forbidden_write', title: 'Write not permitted', ...(pointer === undefined ? {} : { source: { pointer } }) },
  });
  const doc = (id: string, attributes: Record<string, unknown>) => ({ data: { type: 'doc', id, attributes } });

  it('refuses an update of a visible row outside `update` before the write (403 at /data)', async () => {
    expect(await refused(() => send('PATCH', '/docs/d2', doc('d2', { title: 'Edited' })))).toMatchObject(forbidden('/data'));
  });

  it('refuses an update whose result falls outside `update` (403 at /data)', async () => {
    expect(await refused(() => send('PATCH', '/docs/d1', doc('d1', { status: 'published' })))).toMatchObject(forbidden('/data'));
  });

  it('still answers 404 for a row outside the row filter, whatever the write policy', async () => {
    for (const write of [() => send('PATCH', '/docs/d3', doc('d3', { title: 'x' })), () => send('DELETE', '/docs/d3'), () => send('DELETE', '/users/u2')]) {
      expect(await refused(write)).toMatchObject({ status: 404, error: { code: 'not_found' } });
    }
  });

  it('refuses a delete outside `delete` (403 without a pointer: a DELETE has no body) and one `delete: false` forbids', async () => {
    expect(await refused(() => send('DELETE', '/docs/d2'))).toMatchObject(forbidden());
    expect((await refused(() => send('DELETE', '/docs/d2'))).error).not.toHaveProperty('source');
    expect(await refused(() => send('DELETE', '/users/u3'))).toMatchObject(forbidden());
  });

  it('refuses a create outside `create`, and every create `create: false` forbids (403 at /data)', async () => {
    const published = { data: { type: 'doc', attributes: { title: 'New', status: 'published', tenant: 'a' } } };
    expect(await refused(() => send('POST', '/docs', published))).toMatchObject(forbidden('/data'));
    const user = { data: { type: 'user', attributes: { name: 'Dee' } } };
    expect(await refused(() => send('POST', '/users', user))).toMatchObject(forbidden('/data'));
  });

  it('refuses a create outside `create` under a policy without row filters', async () => {
    const draftsOnly = createHandler({ schema, dataLayer: layer, writable: true, policy: { types: { doc: { write: { create: drafts } } } } });
    const body = JSON.stringify({ data: { type: 'doc', attributes: { title: 'New', status: 'published', tenant: 'a' } } });
    const before = await state();
    const response = await draftsOnly({ method: 'POST', path: '/docs', query: '', headers: { 'content-type': MEDIA_TYPE }, body });
    expect(await state()).toEqual(before);
    expect(response.status).toBe(403);
    expect((JSON.parse(response.body) as { errors: unknown[] }).errors).toMatchObject([forbidden('/data').error]);
  });

  it('refuses, in the layer, a create outside `create` in a request without a scope (one insert the SQL layer would otherwise run alone; a filter that lower-cases text)', async () => {
    const before = await state();
    const create = createOperation('doc', { attributes: { title: 'New', status: 'published', tenant: 'a' }, relationships: {} });
    const permits: WriteRequest['permits'] = (type, change) => (type === 'doc' && change === 'create' ? compareNode('status', 'ilike', 'DRAFT') : undefined);
    await expect(layer.apply?.({ operations: [create], permits }, { signal: new AbortController().signal })).rejects.toMatchObject({
      name: 'OperationError',
      reason: 'forbidden_write',
      operation: 0,
    });
    expect(await state()).toEqual(before);
  });

  it('treats relationship changes as updates of the resource they are addressed to', async () => {
    const toU3 = { data: { type: 'user', id: 'u3' } };
    expect(await refused(() => send('PATCH', '/docs/d2/relationships/owner', toU3))).toMatchObject(forbidden('/data'));
    const owner = { data: { type: 'doc', id: 'd2', relationships: { owner: toU3 } } };
    expect(await refused(() => send('PATCH', '/docs/d2', owner))).toMatchObject(forbidden('/data'));
  });

  it('refuses a field left out of `fields` as read-only, at its member (403 read_only_field), on every path', async () => {
    const role = { data: { type: 'user', id: 'u1', attributes: { role: 'editor' } } };
    expect(await refused(() => send('PATCH', '/users/u1', role))).toMatchObject({
      status: 403,
      error: { code: 'read_only_field', source: { pointer: '/data/attributes/role' } },
    });
    const docs = { data: { type: 'user', id: 'u1', relationships: { docs: { data: [] } } } };
    expect(await refused(() => send('PATCH', '/users/u1', docs))).toMatchObject({
      status: 403,
      error: { code: 'read_only_field', source: { pointer: '/data/relationships/docs' } },
    });
    expect(await refused(() => send('POST', '/users/u1/relationships/docs', { data: [{ type: 'doc', id: 'd4' }] }))).toMatchObject({
      status: 403,
      error: { code: 'read_only_field', source: { pointer: '/data' } },
    });
    const atomicRole = [{ op: 'update', data: { type: 'user', id: 'u3', attributes: { role: 'admin' } } }];
    expect(await refused(() => atomic(atomicRole))).toMatchObject({
      status: 403,
      error: { code: 'read_only_field', source: { pointer: '/atomic:operations/0/data/attributes/role' } },
    });
  });

  it('refuses a batch whose fourth operation is forbidden at /atomic:operations/3, applying none', async () => {
    const batch = [
      { op: 'add', data: { type: 'doc', lid: 'n', attributes: { title: 'New', status: 'draft', tenant: 'a' } } },
      { op: 'update', data: { type: 'doc', id: 'd1', attributes: { title: 'Renamed' } } },
      { op: 'update', data: { type: 'user', id: 'u3', attributes: { name: 'Cyd' } } },
      { op: 'remove', ref: { type: 'doc', id: 'd2' } },
    ];
    expect(await refused(() => atomic(batch))).toMatchObject(forbidden('/atomic:operations/3'));
  });

  it('checks a resource the list created against `create` after the whole list, even when the list updates it', async () => {
    const batch = [
      { op: 'update', data: { type: 'doc', id: 'd4', attributes: { title: 'Fine' } } },
      { op: 'add', data: { type: 'doc', lid: 'n', attributes: { title: 'New', status: 'draft', tenant: 'a' } } },
      { op: 'update', data: { type: 'doc', lid: 'n', attributes: { status: 'published' } } },
    ];
    expect(await refused(() => atomic(batch))).toMatchObject(forbidden('/atomic:operations/1'));
  });

  it('applies what the policy allows', async () => {
    const created = await send('POST', '/docs', { data: { type: 'doc', attributes: { title: 'New', status: 'draft', tenant: 'a' } } });
    expect(created.status).toBe(201);
    expect((await send('PATCH', '/docs/d1', doc('d1', { title: 'Edited' }))).status).toBe(200);
    expect((await send('PATCH', '/docs/d4/relationships/owner', { data: { type: 'user', id: 'u3' } })).status).toBe(204);
    expect((await send('PATCH', '/users/u1', { data: { type: 'user', id: 'u1', attributes: { name: 'Anne' } } })).status).toBe(200);
    const batch = [
      { op: 'add', data: { type: 'doc', lid: 'n', attributes: { title: 'Temp', status: 'draft', tenant: 'a' } } },
      { op: 'remove', ref: { type: 'doc', lid: 'n' } },
      { op: 'remove', ref: { type: 'doc', id: 'd4' } },
    ];
    // The removed create still answers with its identifier.
    expect((await atomic(batch)).status).toBe(200);
    const { docs, users } = (await state()) as { docs: { data: { id: string; attributes: Record<string, unknown> }[] }; users: { data: { id: string; attributes: Record<string, unknown> }[] } };
    expect(docs.data.find((row) => row.id === 'd1')?.attributes['title']).toBe('Edited');
    expect(docs.data.map((row) => row.id)).not.toContain('d4');
    expect(docs.data.filter((row) => row.attributes['title'] === 'New')).toHaveLength(1);
    expect(users.data.find((row) => row.id === 'u1')?.attributes).toEqual({ name: 'Anne', tenant: 'a', role: 'admin' });
  });
});

describe('write policies returned per request', () => {
  const role = (request: HandlerRequest): string => String(request.headers['x-role']);
  const deleteD2 = (handle: Handler, as: string) => handle({ method: 'DELETE', path: '/docs/d2', query: '', headers: { 'x-role': as } });

  it('restrict each requester by their own policy', async () => {
    const layer = createMemoryLayer(schema, DATA);
    const handle = createHandler({ schema, dataLayer: layer, writable: true, policy: (request) => (role(request) === 'admin' ? { types: {} } : editor) });
    const refused = await deleteD2(handle, 'editor');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ errors: [{ code: 'forbidden_write' }] });
    expect((await deleteD2(handle, 'admin')).status).toBe(204);
    expect((await deleteD2(handle, 'editor')).status).toBe(404);
  });

  it('answer a wrong write policy with a logged 500 that says nothing about it, writing nothing', async () => {
    const layer = createMemoryLayer(schema, DATA);
    const logged: unknown[] = [];
    const wrong = { types: { doc: { write: { delete: false, fields: ['titel'] } } } } as unknown as Policy;
    const handle = createHandler({ schema, dataLayer: layer, writable: true, policy: () => wrong, logger: { error: (_message, error) => logged.push(error) } });
    const response = await deleteD2(handle, 'editor');
    expect(response.status).toBe(500);
    expect(response.body).not.toContain('titel');
    expect(logged).toMatchObject([{ name: 'PolicyError', pointer: '/types/doc/write/fields/0' }]);
    const read = await createHandler({ schema, dataLayer: layer })({ method: 'GET', path: '/docs/d2', query: '', headers: {} });
    expect(read.status).toBe(200);
  });
});
