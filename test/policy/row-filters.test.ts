/**
 * Row filters and hidden fields: for a requester, rows outside their type's filter and
 * hidden fields do not exist. A policied handler over the whole example dataset answers
 * exactly (status, headers, body) as a plain handler over the visible part of it, on
 * the memory layer and on every SQL engine: collections, single resources, related and
 * relationship routes, `any`/`has` and `rel__field` filters, dotted sorts through
 * to-one relationships to hidden rows, includes, counts, links and cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type Policy } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';
import { expectTwins, visibleData, type TwinRequest } from './policy-twin.js';

const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/** Women only, without birth dates; computers except three (4 is Jane's, 2 is John's, 11 Alice's). */
const policy: Policy<typeof exampleSchema> = {
  types: {
    person: { filter: [{ name: 'gender', op: 'eq', val: 'f' }], hidden: ['birth_date'] },
    computer: { filter: [{ name: 'id', op: 'notin_', val: ['2', '4', '11'] }] },
  },
};
const visible = (type: string, row: Record<string, unknown>): boolean =>
  type === 'person' ? row['gender'] === 'f' : !['2', '4', '11'].includes(String(row['id']));

/** The example schema as that requester sees it. */
const seenSchema = defineSchema({
  types: {
    person: {
      root: 'persons',
      id: 'string',
      attributes: { display_name: { type: 'string' }, name: { type: 'string' }, gender: { type: ['string', 'null'] } },
      relationships: { computers: { target: 'computer', to: 'many', inverse: 'owner' } },
    },
    computer: {
      root: 'computers',
      id: 'string',
      attributes: { serial: { type: 'string' } },
      relationships: { owner: { target: 'person', to: 'one', inverse: 'computers' } },
    },
  },
});
const seenData = visibleData(exampleSchema, exampleData, visible, { person: ['birth_date'] });

const REQUESTS: readonly TwinRequest[] = [
  ['/persons', ''],
  ['/persons', 'sort=-name&page[size]=3&page[number]=2'],
  ['/persons', 'page[size]=4', true],
  ['/persons', 'include=computers'],
  ['/persons', 'include=computers.owner&fields[person]=name,computers'],
  ['/persons', `filter=${json([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'like', val: 'SN%' } }])}`],
  ['/persons', 'filter[computers__serial]=SN1002'],
  ['/persons/1', ''],
  ['/persons/4', 'include=computers'],
  ['/persons/4/computers', 'sort=-serial'],
  ['/persons/4/relationships/computers', ''],
  ['/persons/1/computers', ''],
  ['/persons/1/relationships/computers', ''],
  ['/computers', ''],
  ['/computers', 'sort=owner.name'],
  ['/computers', 'sort=-owner.name,serial&page[size]=5', true],
  ['/computers', 'sort=owner.display_name&page[size]=5&page[number]=3'],
  ['/computers', 'include=owner'],
  ['/computers', 'filter[owner__name]=John'],
  ['/computers', 'filter[owner__name]=Jane'],
  ['/computers', `filter=${json([{ not: { name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: 'm' } } }])}`],
  ['/computers', `filter=${json([{ name: 'owner', op: 'has', val: { name: 'id', op: 'isnot', val: null } }])}&page[size]=0`],
  ['/computers/1', 'include=owner'],
  ['/computers/2', ''],
  ['/computers/1/owner', ''],
  ['/computers/1/relationships/owner', ''],
  ['/computers/4/owner', ''],
  // Hidden fields are unknown fields: the same errors, byte for byte, as a schema without them.
  ['/persons', 'filter[birth_date]=1990-04-02'],
  ['/persons', `filter=${json([{ name: 'birth_date', op: 'is_', val: null }])}`],
  ['/persons', 'sort=birth_date'],
  ['/persons', 'fields[person]=name,birth_date'],
  ['/computers', 'sort=owner.birth_date'],
  ['/computers', 'filter[owner__birth_date]=1990-04-02'],
  ['/computers', 'include=owner&fields[person]=birth_date'],
];

function twins(layer: DataLayer): { policied: Handler; plain: Handler } {
  return {
    policied: createHandler({ schema: exampleSchema, dataLayer: layer, policy }),
    plain: createHandler({ schema: seenSchema, dataLayer: createMemoryLayer(seenSchema, seenData) }),
  };
}

describe('a policied handler answers as one over the visible data only', () => {
  it('on the memory layer', async () => {
    const { policied, plain } = twins(createMemoryLayer(exampleSchema, exampleData));
    await expectTwins(policied, plain, REQUESTS);
  });

  it('with the policy returned per request, sync or async', async () => {
    const plain = twins(createMemoryLayer(exampleSchema, exampleData)).plain;
    for (const policyOf of [() => policy, async () => Promise.resolve(policy)]) {
      const policied = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData), policy: policyOf });
      await expectTwins(policied, plain, REQUESTS);
    }
  });

  it('the oracle is not vacuous: the visible data differs from the whole', async () => {
    const whole = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });
    const { plain } = twins(createMemoryLayer(exampleSchema, exampleData));
    for (const [path, query] of [['/persons', ''], ['/computers', 'sort=owner.name'], ['/computers/1', 'include=owner']] as const) {
      const request = { method: 'GET', path, query, headers: {} };
      expect((await whole(request)).body).not.toBe((await plain(request)).body);
    }
  });
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

  it('a policied handler answers as one over the visible data only', async () => {
    const { policied, plain } = twins(instance.layer);
    await expectTwins(policied, plain, REQUESTS);
  });
});
