/**
 * A write keeps the links to rows outside the requester's scope (docs/writes.md,
 * "Writing a layer", rule 7; docs/policies.md, W2): replacing a to-many relationship
 * replaces only the links to rows the requester may see, on a foreign key and on a
 * join table alike, on the memory layer and every SQL engine. A to-one holds one
 * link: setting it replaces a link to a hidden row, and deleting a row unlinks the
 * hidden rows linked to it, as the page says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import { createHandler, type Handler, type HandlerResponse } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { Policy } from '../../src/policy/policy.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines } from '../helpers/engines.js';

const MEDIA_TYPE = 'application/vnd.api+json';

const schema = defineSchema({
  types: {
    account: {
      root: 'accounts',
      id: 'integer',
      attributes: { name: { type: 'string' }, public: { type: 'boolean' } },
      relationships: {
        tags: { target: 'tag', to: 'many', inverse: 'account' },
        labels: { target: 'label', to: 'many', inverse: 'accounts' },
      },
    },
    tag: {
      root: 'tags',
      attributes: { public: { type: 'boolean' } },
      relationships: { account: { target: 'account', to: 'one', inverse: 'tags' } },
    },
    label: {
      root: 'labels',
      attributes: { public: { type: 'boolean' } },
      relationships: { accounts: { target: 'account', to: 'many', inverse: 'labels' } },
    },
  },
});

/** Only public rows exist for the requester. */
const isPublic = compareNode('public', 'eq', true);
const policy: Policy = { types: { account: { filter: isPublic }, tag: { filter: isPublic }, label: { filter: isPublic } } };

/**
 * Account 1 has public tags t1, t3 and hidden tag t2 (a foreign key on the tag), and
 * public labels l1, l3 and hidden label l2 (a join table); public tag t4 belongs to
 * hidden account 7; hidden tag t5 belongs to public account 2.
 */
const data = {
  account: [
    { id: 1, name: 'Ann', public: true, tags: ['t1', 't2', 't3'], labels: ['l1', 'l2', 'l3'] },
    { id: 2, name: 'Bob', public: true, tags: ['t5'], labels: [] },
    { id: 7, name: 'Zed', public: false, tags: ['t4'], labels: [] },
  ],
  tag: [
    { id: 't1', public: true, account: 1 },
    { id: 't2', public: false, account: 1 },
    { id: 't3', public: true, account: 1 },
    { id: 't4', public: true, account: 7 },
    { id: 't5', public: false, account: 2 },
  ],
  label: [
    { id: 'l1', public: true, accounts: [1] },
    { id: 'l2', public: false, accounts: [1] },
    { id: 'l3', public: true, accounts: [1] },
  ],
};

interface Store {
  readonly layer: DataLayer;
  close(): Promise<void>;
}

const engines = await availableEngines();
const backends: { readonly name: string; create(): Promise<Store> }[] = [
  { name: 'memory', create: () => Promise.resolve({ layer: createMemoryLayer(schema, data), close: () => Promise.resolve() }) },
  ...engines.map((engine) => ({ name: engine.name, create: () => engine.create(schema, data) })),
];

function send(handler: Handler, method: string, path: string, body?: unknown): Promise<HandlerResponse> {
  const type = path === '/operations' ? `${MEDIA_TYPE}; ext="https://jsonapi.org/ext/atomic"` : MEDIA_TYPE;
  const headers = { accept: type, ...(body === undefined ? {} : { 'content-type': type }) };
  return handler({ method, path, query: '', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** The ids of a relationship's linkage as `handler` reads it (`null` for an empty to-one). */
async function linkage(handler: Handler, path: string): Promise<string[] | string | null> {
  const response = await send(handler, 'GET', path);
  expect(response.status).toBe(200);
  const { data: value } = JSON.parse(response.body) as { data: { id: string } | { id: string }[] | null };
  return value === null ? null : Array.isArray(value) ? value.map((ref) => ref.id).sort() : value.id;
}

const refs = (type: string, ids: readonly string[]): { data: { type: string; id: string }[] } => ({ data: ids.map((id) => ({ type, id })) });

describe.each(backends)('writes keep links to hidden rows: $name', (backend) => {
  // One store for the page (a PGlite instance takes seconds): the writes below touch different links, in this order.
  let store: Store;
  let requester: Handler;
  /** A handler without the policy: what is really stored. */
  let everything: Handler;
  beforeAll(async () => {
    store = await backend.create();
    requester = createHandler({ schema, policy, writable: true, dataLayer: store.layer });
    everything = createHandler({ schema, dataLayer: store.layer });
  });
  afterAll(async () => {
    await store.close();
  });

  it('replacing a to-many stored as a foreign key replaces only the visible links', async () => {
    expect((await send(requester, 'PATCH', '/accounts/1/relationships/tags', refs('tag', ['t1']))).status).toBe(204);
    expect(await linkage(requester, '/accounts/1/relationships/tags')).toEqual(['t1']);
    expect(await linkage(everything, '/accounts/1/relationships/tags')).toEqual(['t1', 't2']);
    expect(await linkage(everything, '/tags/t3/relationships/account')).toBeNull();

    expect((await send(requester, 'PATCH', '/accounts/1/relationships/tags', refs('tag', []))).status).toBe(204);
    expect(await linkage(requester, '/accounts/1/relationships/tags')).toEqual([]);
    expect(await linkage(everything, '/accounts/1/relationships/tags')).toEqual(['t2']);
    expect(await linkage(everything, '/tags/t2/relationships/account')).toBe('1');
  });

  it('replacing a to-many stored in a join table, in a PATCH of the resource, replaces only the visible links', async () => {
    const patch = (ids: readonly string[]): unknown => ({ data: { type: 'account', id: '1', relationships: { labels: refs('label', ids) } } });
    expect((await send(requester, 'PATCH', '/accounts/1', patch(['l3']))).status).toBe(200);
    expect(await linkage(requester, '/accounts/1/relationships/labels')).toEqual(['l3']);
    expect(await linkage(everything, '/accounts/1/relationships/labels')).toEqual(['l2', 'l3']);

    expect((await send(requester, 'PATCH', '/accounts/1', patch([]))).status).toBe(200);
    expect(await linkage(requester, '/accounts/1/relationships/labels')).toEqual([]);
    expect(await linkage(everything, '/accounts/1/relationships/labels')).toEqual(['l2']);
    expect(await linkage(everything, '/labels/l2/relationships/accounts')).toEqual(['1']);
  });

  it('setting a to-one replaces a link to a hidden row (the requester reads it as null)', async () => {
    expect(await linkage(requester, '/tags/t4/relationships/account')).toBeNull();
    expect((await send(requester, 'PATCH', '/tags/t4/relationships/account', { data: { type: 'account', id: '2' } })).status).toBe(204);
    expect(await linkage(everything, '/tags/t4/relationships/account')).toBe('2');
    expect(await linkage(everything, '/accounts/7/relationships/tags')).toEqual([]);
  });

  it('a row is judged by the scope before the list: one the list hides for a while is a visible link', async () => {
    expect((await send(requester, 'PATCH', '/tags/t1/relationships/account', { data: { type: 'account', id: '1' } })).status).toBe(204);
    const batch = await send(requester, 'POST', '/operations', {
      'atomic:operations': [
        { op: 'update', data: { type: 'tag', id: 't1', attributes: { public: false } } },
        { op: 'update', ref: { type: 'account', id: '1', relationship: 'tags' }, data: [] },
        { op: 'update', data: { type: 'tag', id: 't1', attributes: { public: true } } },
      ],
    });
    expect(batch.status).toBe(200);
    expect(await linkage(everything, '/accounts/1/relationships/tags')).toEqual(['t2']);
  });

  it('deleting a row unlinks the hidden rows linked to it', async () => {
    expect((await send(requester, 'DELETE', '/accounts/2')).status).toBe(204);
    expect(await linkage(everything, '/tags/t5/relationships/account')).toBeNull();
  });
});
