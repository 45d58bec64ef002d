/**
 * Hidden attributes and relationships do not exist for the requester: every request
 * naming one is answered (status, headers, body) as by a handler whose schema never
 * had it — a hidden relationship's routes are not found, its include and filter paths
 * are unknown — and no read asks the data layer for a hidden attribute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type Policy } from '../../src/http/index.js';
import type { DataLayer, ReadRequest, RelatedReadRequest, IncludeRequest } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';
import { expectTwins, visibleData, type TwinRequest } from './policy-twin.js';

const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/** Persons without their computers and display names; every row visible. */
const policy: Policy<typeof exampleSchema> = { types: { person: { hidden: ['computers', 'display_name'] } } };

const seenSchema = defineSchema({
  types: {
    person: {
      root: 'persons',
      id: 'string',
      attributes: { birth_date: { type: ['string', 'null'], format: 'date' }, name: { type: 'string' }, gender: { type: ['string', 'null'] } },
    },
    computer: {
      root: 'computers',
      id: 'string',
      attributes: { serial: { type: 'string' } },
      relationships: { owner: { target: 'person', to: 'one' } },
    },
  },
});
const seenData = visibleData(exampleSchema, exampleData, () => true, { person: ['display_name'] });

const REQUESTS: readonly TwinRequest[] = [
  ['/persons', ''],
  ['/persons/1', ''],
  ['/persons/1/computers', ''],
  ['/persons/1/relationships/computers', ''],
  ['/persons/1/computer', ''],
  ['/persons', 'include=computers'],
  ['/persons', 'fields[person]=computers'],
  ['/persons', 'fields[person]=name,display_name'],
  ['/persons', 'sort=display_name'],
  ['/persons', 'filter[display_name]=Jane Doe'],
  ['/persons', 'filter[computers__serial]=SN1002'],
  ['/persons', `filter=${json([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'SN1002' } }])}`],
  ['/persons', `filter=${json([{ name: 'display_name', op: 'eq', field: 'name' }])}`],
  ['/computers', 'include=owner'],
  ['/computers', 'include=owner.computers'],
  ['/computers', 'sort=owner.display_name'],
  ['/computers', 'filter[owner__display_name]=Jane Doe'],
  ['/computers', `filter=${json([{ name: 'owner', op: 'has', val: { name: 'computers', op: 'any', val: { name: 'id', op: 'eq', val: '1' } } }])}`],
  ['/computers/1/owner', 'fields[person]=display_name'],
];

function twins(layer: DataLayer): { policied: Handler; plain: Handler } {
  return {
    policied: createHandler({ schema: exampleSchema, dataLayer: layer, policy }),
    plain: createHandler({ schema: seenSchema, dataLayer: createMemoryLayer(seenSchema, seenData) }),
  };
}

it('hidden fields are answered as fields the schema never had, on the memory layer', async () => {
  const { policied, plain } = twins(createMemoryLayer(exampleSchema, exampleData));
  await expectTwins(policied, plain, REQUESTS);
});

it('a write route of a hidden relationship is not found either, whatever the method', async () => {
  const { policied, plain } = twins(createMemoryLayer(exampleSchema, exampleData));
  for (const method of ['POST', 'PATCH', 'DELETE', 'HEAD']) {
    const request = { method, path: '/persons/1/relationships/computers', query: '', headers: {} };
    const [actual, expected] = await Promise.all([policied(request), plain(request)]);
    expect(actual, method).toEqual(expected);
    if (method !== 'HEAD') expect(actual.status, method).toBe(404);
  }
});

it('no read asks the layer for a hidden attribute', async () => {
  const layer = createMemoryLayer(exampleSchema, exampleData);
  // Every read of persons: collections, related owners, included owners.
  const asked: (readonly string[] | undefined)[] = [];
  const spy: DataLayer = {
    ...layer,
    read: (request: ReadRequest, context) => {
      if (request.type === 'person') asked.push(request.attributes);
      return layer.read(request, context);
    },
    readOne: () => Promise.reject(new Error('readOne would return every attribute')),
    readRelated: (request: RelatedReadRequest, context) => {
      if (request.relationship === 'owner') asked.push(request.attributes);
      return layer.readRelated(request, context);
    },
    readLinkage: (request, context) => layer.readLinkage(request, context),
    readIncluded: (request: IncludeRequest, context) => {
      if (request.relationship === 'owner') asked.push(request.attributes);
      return layer.readIncluded(request, context);
    },
  };
  const handle = createHandler({ schema: exampleSchema, dataLayer: spy, policy });
  for (const [path, query] of [['/persons', ''], ['/persons/1', ''], ['/computers/1/owner', ''], ['/computers', 'include=owner']] as const) {
    expect((await handle({ method: 'GET', path, query, headers: {} })).status, path).toBe(200);
  }
  expect(asked.length).toBeGreaterThanOrEqual(4);
  for (const attributes of asked) expect(attributes).toEqual(['birth_date', 'name', 'gender']);
});

it('a hidden version is no ETag', async () => {
  const schema = defineSchema({
    types: { note: { root: 'notes', attributes: { text: { type: 'string' }, revision: { type: 'integer', readOnly: true } }, version: 'revision' } },
  });
  const data = { note: [{ id: 'a', text: 'hello', revision: 3 }] };
  const request = { method: 'GET', path: '/notes/a', query: '', headers: {} };
  const open = createHandler({ schema, dataLayer: createMemoryLayer(schema, data) });
  expect((await open(request)).headers['etag']).toBeDefined();
  const hiding = createHandler({ schema, dataLayer: createMemoryLayer(schema, data), policy: { types: { note: { hidden: ['revision'] } } } });
  const response = await hiding(request);
  expect(response.headers['etag']).toBeUndefined();
  expect(response.body).not.toContain('revision');
});

const engines = await availableEngines();
describe.each(engines.map((engine) => [engine.name, engine] as const))('on %s', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
  });
  afterAll(async () => {
    await instance.close();
  });

  it('hidden fields are answered as fields the schema never had, and never selected', async () => {
    const { policied, plain } = twins(instance.layer);
    instance.clearLog();
    await expectTwins(policied, plain, REQUESTS);
    const personReads = instance.queries.filter((text) => /from [`"]person[`"]/u.test(text) && !/count\(/u.test(text));
    expect(personReads.length).toBeGreaterThan(0);
    for (const text of personReads) expect(text).not.toMatch(/display_name/u);
  });
});
