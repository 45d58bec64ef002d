/**
 * What writes can reveal by design (docs/policies.md, "What writes can reveal"),
 * measured on the memory layer and every SQL engine, so the page stays true: two
 * twins that agree on everything the requester sees, and differ only in a hidden
 * row, answer these writes differently (W1, W3, W4); and replacing a to-many
 * relationship keeps the links to hidden rows (W2, closed for to-many). The write
 * property steps around each as the page says.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareNode } from '../../src/ast/filter-factories.js';
import { createHandler, type Handler, type HandlerResponse } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { Policy } from '../../src/policy/policy.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineCreateOptions } from '../helpers/engines.js';

const MEDIA_TYPE = 'application/vnd.api+json';

const schema = defineSchema({
  types: {
    account: {
      root: 'accounts',
      id: 'integer',
      attributes: { name: { type: 'string' }, public: { type: 'boolean' } },
      relationships: { tags: { target: 'tag', to: 'many', inverse: 'account' } },
    },
    tag: {
      root: 'tags',
      clientIds: 'allowed',
      attributes: { label: { type: 'string' }, public: { type: 'boolean' } },
      relationships: { account: { target: 'account', to: 'one', inverse: 'tags' } },
    },
  },
});

/** Only public accounts and tags exist for the requester. */
const policy: Policy = { types: { account: { filter: compareNode('public', 'eq', true) }, tag: { filter: compareNode('public', 'eq', true) } } };

/** Account 1 and tag t1 are public; the first twin also holds private account 7 (named "Zed") and private tag t2 of account 1. */
const withHidden = {
  account: [
    { id: 1, name: 'Ann', public: true, tags: ['t1', 't2'] },
    { id: 7, name: 'Zed', public: false, tags: [] },
  ],
  tag: [
    { id: 't1', label: 'one', public: true, account: 1 },
    { id: 't2', label: 'two', public: false, account: 1 },
  ],
};
const withoutHidden = {
  account: [{ id: 1, name: 'Ann', public: true, tags: ['t1'] }],
  tag: [{ id: 't1', label: 'one', public: true, account: 1 }],
};

/** A store of one twin: its layer and how to release it. */
interface Store {
  readonly layer: DataLayer;
  close(): Promise<void>;
}

interface Backend {
  readonly name: string;
  create(data: typeof withHidden, options?: EngineCreateOptions): Promise<Store>;
}

const engines = await availableEngines();
const backends: Backend[] = [
  { name: 'memory', create: (data) => Promise.resolve({ layer: createMemoryLayer(schema, data), close: () => Promise.resolve() }) },
  ...engines.map((engine): Backend => ({ name: engine.name, create: (data, options) => engine.create(schema, data, options) })),
];

function send(handler: Handler, method: string, path: string, body?: unknown): Promise<HandlerResponse> {
  const headers = { accept: MEDIA_TYPE, ...(body === undefined ? {} : { 'content-type': MEDIA_TYPE }) };
  return handler({ method, path, query: '', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** A unique index on `account.name`, which hidden rows take part in (W4; MariaDB indexes a prefix of a text column). */
function uniqueName(backend: Backend): EngineCreateOptions {
  return { setup: async (db) => void (await sql`create unique index account_name on account (name${sql.raw(backend.name === 'mariadb' ? '(100)' : '')})`.execute(db)) };
}

describe.each(backends)('what writes can reveal: $name', (backend) => {
  // One pair of twins for the whole page (a PGlite instance takes seconds): the writes below touch different rows, in this order.
  let stores: Store[] = [];
  let first: Handler;
  let second: Handler;
  /** A handler without the policy over the first twin: what is really stored. */
  let everything: Handler;
  beforeAll(async () => {
    const options = backend.name === 'memory' ? undefined : uniqueName(backend);
    stores = [await backend.create(withHidden, options), await backend.create(withoutHidden as typeof withHidden, options)];
    [first, second] = stores.map((store) => createHandler({ schema, policy, writable: true, dataLayer: store.layer })) as [Handler, Handler];
    everything = createHandler({ schema, dataLayer: (stores[0] as Store).layer });
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  it('W1: the generated id of a create counts the hidden rows', async () => {
    const newAccount = { data: { type: 'account', attributes: { name: 'Bea', public: true } } };
    const [one, two] = [await send(first, 'POST', '/accounts', newAccount), await send(second, 'POST', '/accounts', newAccount)];
    expect([one.status, two.status]).toEqual([201, 201]);
    const idOf = (response: HandlerResponse): string => (JSON.parse(response.body) as { data: { id: string } }).data.id;
    // Past hidden account 7 in the first twin, past account 1 in the second.
    expect([idOf(one), idOf(two)]).toEqual(['8', '2']);
  });

  it('W2: replacing a to-many relationship keeps the links to hidden rows', async () => {
    expect((await send(first, 'PATCH', '/accounts/1/relationships/tags', { data: [] })).status).toBe(204);
    const hidden = JSON.parse((await everything({ method: 'GET', path: '/tags/t2/relationships/account', query: '', headers: {} })).body) as { data: unknown };
    // What remains of W2, a to-one replacing a hidden link and a delete unlinking hidden rows, is in hidden-links.test.ts.
    expect(hidden.data).toEqual({ type: 'account', id: '1' });
  });

  it('W3: a client id taken by a hidden row is a 409 duplicate_id', async () => {
    const tag = { data: { type: 'tag', id: 't2', attributes: { label: 'mine', public: true } } };
    const [one, two] = [await send(first, 'POST', '/tags', tag), await send(second, 'POST', '/tags', tag)];
    expect([one.status, two.status]).toEqual([409, 201]);
    expect(one.body).toContain('"code":"duplicate_id"');
  });

  // The memory layer has no constraints of its own: SQL only.
  if (backend.name === 'memory') return;
  it('W4: a unique index that hidden rows take part in is a 409', async () => {
    const zed = { data: { type: 'account', attributes: { name: 'Zed', public: true } } };
    const [one, two] = [await send(first, 'POST', '/accounts', zed), await send(second, 'POST', '/accounts', zed)];
    expect([one.status, two.status]).toEqual([409, 201]);
    // An index of the store's own on another column than the id: a conflict, which names no member.
    expect(one.body).toContain('"code":"conflict"');
  });
});
