/**
 * A policy is the server's configuration: a fixed one that does not fit the schema or
 * the layer is a `PolicyError` from `createHandler` naming the type, the field and a
 * JSON pointer; a policy returned per request that does not fit is a logged 500 for
 * that request only, never a client error.
 */
import { describe, expect, it, vi } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, PolicyError, type Policy } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { filterHelper } from '../../src/query-builder/filter-helper.js';

const dataLayer = createMemoryLayer(exampleSchema, exampleData);
/** A policy as an untyped configuration (a JSON file, say) hands it over. */
const untyped = (policy: unknown) => policy as Policy;

describe('a fixed policy is checked when the handler is created', () => {
  it.each([
    { policy: null, message: 'Invalid policy: A policy is an object { "types": { … } }.', pointer: '' },
    { policy: { types: {}, rules: [] }, message: 'Invalid policy: A policy has no member "rules"; its only member is "types".', pointer: '/rules' },
    { policy: { types: [] }, message: 'Invalid policy: "types" is an object of type policies by type name.', pointer: '/types' },
    {
      policy: { types: { persons: {} } },
      message: 'Invalid policy for type "persons": The schema has no resource type "persons".',
      pointer: '/types/persons',
      type: 'persons',
    },
    { policy: { types: { person: 'all' } }, message: 'Invalid policy for type "person": A type policy is an object with "filter", "hidden" and "write".', pointer: '/types/person', type: 'person' },
    {
      policy: { types: { person: { hiden: ['name'] } } },
      message: 'Invalid policy for type "person": A type policy has no member "hiden"; its members are "filter", "hidden" and "write".',
      pointer: '/types/person/hiden',
      type: 'person',
      field: 'hiden',
    },
    {
      policy: { types: { person: { write: [] } } },
      message: 'Invalid policy for type "person": "write" is an object with "create", "update", "delete" and "fields".',
      pointer: '/types/person/write',
      type: 'person',
      field: 'write',
    },
    {
      policy: { types: { person: { write: { remove: false } } } },
      message: 'Invalid policy for type "person": A write policy has no member "remove"; its members are "create", "update", "delete" and "fields".',
      pointer: '/types/person/write/remove',
      type: 'person',
      field: 'remove',
    },
    {
      policy: { types: { person: { write: { delete: 'never' } } } },
      message: 'Invalid policy for type "person": "delete" is true, false, a FilterNode or an array of filter entries.',
      pointer: '/types/person/write/delete',
      type: 'person',
      field: 'delete',
    },
    {
      policy: { types: { person: { write: { update: [{ name: 'gendr', op: 'eq', val: 'f' }] } } } },
      message: 'Invalid policy for type "person": Type "person" has no field "gendr"',
      pointer: '/types/person/write/update',
      type: 'person',
      field: 'update',
    },
    {
      policy: { types: { person: { write: { fields: 'name' } } } },
      message: 'Invalid policy for type "person": "fields" is an array of the attribute and relationship names the requester may write.',
      pointer: '/types/person/write/fields',
      type: 'person',
      field: 'fields',
    },
    {
      policy: { types: { person: { write: { create: false, fields: ['name', 'nmae'] } } } },
      message: 'Invalid policy for type "person": It has no attribute or relationship "nmae".',
      pointer: '/types/person/write/fields/1',
      type: 'person',
      field: 'nmae',
    },
    {
      policy: { types: { person: { write: { create: false, fields: ['id'] } } } },
      message: 'Invalid policy for type "person": It has no attribute or relationship "id".',
      pointer: '/types/person/write/fields/0',
      type: 'person',
      field: 'id',
    },
    {
      policy: { types: { person: { hidden: ['birth_date'], write: { create: false, fields: ['birth_date'] } } } },
      message: 'Invalid policy for type "person": "birth_date" is hidden from the requester, so it cannot be writable.',
      pointer: '/types/person/write/fields/0',
      type: 'person',
      field: 'birth_date',
    },
    {
      policy: { types: { person: { write: { fields: ['display_name'] } } } },
      message: 'Invalid policy for type "person": A create must give the attribute "name", so "fields" lists it, or "create" is false.',
      pointer: '/types/person/write/fields',
      type: 'person',
      field: 'name',
    },
    {
      policy: { types: { person: { hidden: 'name' } } },
      message: 'Invalid policy for type "person": "hidden" is an array of attribute and relationship names.',
      pointer: '/types/person/hidden',
      type: 'person',
      field: 'hidden',
    },
    {
      policy: { types: { person: { hidden: ['name', 'birth_dat'] } } },
      message: 'Invalid policy for type "person": It has no attribute or relationship "birth_dat".',
      pointer: '/types/person/hidden/1',
      type: 'person',
      field: 'birth_dat',
    },
    {
      policy: { types: { person: { hidden: [7] } } },
      message: 'Invalid policy for type "person": A hidden name is a string.',
      pointer: '/types/person/hidden/0',
      type: 'person',
    },
    {
      policy: { types: { person: { hidden: ['id'] } } },
      message: 'Invalid policy for type "person": "id" cannot be hidden: hide the rows with a filter instead.',
      pointer: '/types/person/hidden/0',
      type: 'person',
      field: 'id',
    },
    {
      policy: { types: { computer: { filter: 'owner' } } },
      message: 'Invalid policy for type "computer": "filter" is a FilterNode or an array of filter entries.',
      pointer: '/types/computer/filter',
      type: 'computer',
      field: 'filter',
    },
    {
      policy: { types: { computer: { filter: [{ name: 'owner', op: 'has', val: { name: 'nmae', op: 'eq', val: 'Jane' } }] } } },
      message: 'Invalid policy for type "computer": Type "person" has no field "nmae"',
      pointer: '/types/computer/filter',
      type: 'computer',
      field: 'filter',
    },
    {
      policy: { types: { person: { filter: { kind: 'compare', field: 'gendr', op: 'eq', value: 'f' } } } },
      message: 'Invalid policy for type "person": Type "person" has no field "gendr".',
      pointer: '/types/person/filter',
      type: 'person',
      field: 'filter',
    },
  ])('$message', ({ policy, message, pointer, type, field }) => {
    let thrown: unknown;
    try {
      createHandler({ schema: exampleSchema, dataLayer, policy: untyped(policy) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PolicyError);
    expect(thrown).toMatchObject({ name: 'PolicyError', message, pointer, type, field });
  });

  it('a row filter may name hidden fields and fields clients cannot filter on', async () => {
    const handle = createHandler({
      schema: exampleSchema,
      dataLayer,
      policy: { types: { person: { filter: filterHelper(exampleSchema, 'person').eq('gender', 'x'), hidden: ['gender'] } } },
    });
    const response = await handle({ method: 'GET', path: '/persons', query: 'fields[person]=name', headers: {} });
    expect((JSON.parse(response.body) as { data: { id: string }[] }).data.map((person) => person.id)).toEqual(['17', '27', '6', '9']);
    expect(response.body).not.toContain('gender');
  });

  it('a filter the layer does not evaluate is refused', () => {
    const layer = { ...dataLayer, operators: new Set([...dataLayer.operators].filter((op) => op !== 'like')) };
    const policy = untyped({ types: { person: { filter: { kind: 'compare', field: 'name', op: 'like', value: 'J%' } } } });
    expect(() => createHandler({ schema: exampleSchema, dataLayer: layer, policy })).toThrow(
      'Invalid policy for type "person": The data layer does not support the operator "like".',
    );
  });

  it('scope and policy together are refused: a scope is a policy of row filters', () => {
    expect(() =>
      createHandler({ schema: exampleSchema, dataLayer, scope: { person: [] }, policy: { types: {} } }),
    ).toThrow('Invalid policy: Give either "policy" or "scope" to createHandler, not both: a scope is a policy of row filters.');
  });
});

describe('a policy returned per request', () => {
  it('that does not fit is a logged 500 for that request only', async () => {
    const logger = { error: vi.fn() };
    const handle = createHandler({
      schema: exampleSchema,
      dataLayer,
      logger,
      policy: (request) => untyped(request.headers['x-role'] === 'broken' ? { types: { person: { hidden: ['birth_dat'] } } } : { types: {} }),
    });
    const broken = await handle({ method: 'GET', path: '/persons', query: '', headers: { 'x-role': 'broken' } });
    expect(broken.status).toBe(500);
    expect(broken.body).not.toContain('birth_dat');
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]?.[1]).toBeInstanceOf(PolicyError);
    expect((await handle({ method: 'GET', path: '/persons', query: '', headers: {} })).status).toBe(200);
  });

  it('a policy function that throws or rejects is a logged 500', async () => {
    for (const policy of [() => { throw new Error('no session store'); }, () => Promise.reject(new Error('no session store'))]) {
      const logger = { error: vi.fn() };
      const handle = createHandler({ schema: exampleSchema, dataLayer, logger, policy });
      const response = await handle({ method: 'GET', path: '/persons', query: '', headers: {} });
      expect(response.status).toBe(500);
      expect(response.body).not.toContain('session');
      expect(logger.error).toHaveBeenCalledOnce();
    }
  });

  it('each requester gets the projection of their own hidden set, past the bound of the projection cache', async () => {
    const names = ['name', 'display_name', 'birth_date', 'gender', 'computers'];
    const subsets = Array.from({ length: 2 ** names.length }, (_, bits) => names.filter((__, index) => (bits & (1 << index)) !== 0));
    const handle = createHandler({
      schema: exampleSchema,
      dataLayer,
      policy: (request) => ({
        types: {
          person: { hidden: subsets[Number(request.headers['x-subset'])] ?? [] },
          computer: { hidden: request.headers['x-serial'] === 'hidden' ? ['serial'] : [] },
        },
      }),
    });
    // 63 distinct hidden sets, each asked twice per round: far more than the 32 projections kept.
    for (const round of [0, 1]) {
      for (const [index, hidden] of [...subsets.entries(), ...subsets.entries()]) {
        const serial = round === 0 ? 'hidden' : 'shown';
        const response = await handle({ method: 'GET', path: '/persons/1', query: '', headers: { 'x-subset': String(index), 'x-serial': serial } });
        const attributes = Object.keys((JSON.parse(response.body) as { data: { attributes?: object } }).data.attributes ?? {});
        expect(attributes, `round ${String(round)}, ${hidden.join()}`).toEqual(['display_name', 'birth_date', 'name', 'gender'].filter((name) => !hidden.includes(name)));
      }
    }
  });
});
