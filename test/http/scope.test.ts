import { describe, expect, it, vi } from 'vitest';
import { uri } from './uri.js';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type HandlerRequest, type ScopeFilters } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { computerObject, checkedHandler, exampleHandler, JSONAPI, personObject } from './helpers.js';

/** The "tenant" of a request is a gender: persons of that gender and the computers they own. */
const tenantOf = (request: HandlerRequest): string => String(request.headers['x-tenant'] ?? 'f');
const personScope = (tenant: string): FilterNode => ({ kind: 'compare', field: 'gender', op: 'eq', value: tenant });
const computerScope = (tenant: string) => [{ name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: tenant } }];

const both = exampleHandler({
  scope: (request): ScopeFilters => ({ person: personScope(tenantOf(request)), computer: computerScope(tenantOf(request)) }),
});
// Only persons are scoped (given as JSON filter entries): computers are public, their owners are not.
const personsOnly = exampleHandler({
  scope: (request) => ({ person: [{ name: 'gender', op: 'eq', val: tenantOf(request) }] }),
});

const women = ['11', '16', '21', '25', '29', '30', '4', '5', '8'];
const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const ids = (document: unknown): string[] =>
  ((document as { data: { id: string }[] }).data ?? []).map((resource) => resource.id);

describe('a scope no client filter can widen', () => {
  it('restricts collections', async () => {
    expect(ids((await both.get('/persons')).document)).toEqual(women);
    expect(ids((await both.get('/persons', '', { 'x-tenant': 'x' })).document)).toEqual(['17', '27', '6', '9']);
    expect(ids((await both.get('/computers')).document)).toEqual(['11', '16', '19', '21', '24', '29', '32', '4', '5', '6', '9']);
  });

  it.each([
    {
      description: 'or with a tautology',
      filter: [{ or: [{ name: 'gender', op: 'is_', val: null }, { name: 'gender', op: 'isnot', val: null }] }],
      expected: women,
    },
    { description: 'not of the scope', filter: [{ not: { name: 'gender', op: 'eq', val: 'f' } }], expected: [] },
    {
      description: 'an explicit id of another tenant',
      filter: [{ or: [{ name: 'id', op: 'eq', val: '1' }, { name: 'id', op: 'eq', val: '4' }] }],
      expected: ['4'],
    },
    { description: 'another tenant by value', filter: [{ name: 'gender', op: 'eq', val: 'm' }], expected: [] },
  ])('$description', async ({ filter, expected }) => {
    const { document } = await both.get('/persons', `filter=${json(filter)}`);
    expect(ids(document)).toEqual(expected);
    expect((document as { meta: { count: number } }).meta.count).toBe(expected.length);
  });

  it('single resources outside the scope are 404', async () => {
    expect((await both.get('/persons/4')).document).toEqual({
      data: personObject('4'),
      links: { self: '/persons/4' },
      jsonapi: JSONAPI,
    });
    for (const path of ['/persons/1', '/computers/1', '/persons/1/computers', '/persons/1/relationships/computers']) {
      const { status, document } = await both.get(path);
      expect(status, path).toBe(404);
      expect(document, path).toMatchObject({ errors: [{ code: 'not_found' }] });
    }
    expect((await both.get('/persons/1', '', { 'x-tenant': 'm' })).status).toBe(200);
  });

  it('relationship paths in a filter only see in-scope records', async () => {
    // Computers are public; John (person 1) is outside the scope, so no computer "has" him.
    const owner = json([{ name: 'owner', op: 'has', val: { name: 'name', op: 'eq', val: 'John' } }]);
    expect(ids((await personsOnly.get('/computers', `filter=${owner}`)).document)).toEqual([]);
    expect(ids((await personsOnly.get('/computers', 'filter[owner__name]=John')).document)).toEqual([]);
    expect(ids((await personsOnly.get('/computers', 'filter[owner__name]=Jane')).document)).toEqual(['32', '4']);
    const notOwnedByJohn = json([{ not: { name: 'owner', op: 'has', val: { name: 'name', op: 'eq', val: 'John' } } }]);
    expect(ids((await personsOnly.get('/computers', `filter=${notOwnedByJohn}&page[size]=0`)).document)).toHaveLength(32);
    // …and on the scoped side, nested paths back to other tenants' persons find nothing.
    const back = json([
      { name: 'computers', op: 'any', val: { name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: 'm' } } },
    ]);
    expect(ids((await both.get('/persons', `filter=${back}`)).document)).toEqual([]);
  });

  it('a to-one relationship to a record outside the scope reads as empty', async () => {
    expect((await personsOnly.get('/computers/1/owner')).document).toEqual({
      data: null,
      links: { self: '/computers/1/owner' },
      jsonapi: JSONAPI,
    });
    expect((await personsOnly.get('/computers/1/relationships/owner')).document).toEqual({
      data: null,
      links: { self: '/computers/1/relationships/owner', related: '/computers/1/owner' },
      jsonapi: JSONAPI,
    });
    expect((await personsOnly.get('/computers/4/owner')).document).toMatchObject({ data: personObject('4') });
  });

  it('includes never reach records outside the scope', async () => {
    const query = `filter=${json([{ name: 'id', op: 'in_', val: ['1', '4'] }])}&include=owner`;
    expect((await personsOnly.get('/computers', query)).document).toEqual({
      data: [computerObject('1', { data: { owner: null } }), computerObject('4', { data: { owner: '4' } })],
      included: [personObject('4')],
      links: {
        self: uri(`/computers?${query}`),
        first: uri(`/computers?${query}&page[number]=1`),
        last: uri(`/computers?${query}&page[number]=1`),
      },
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
    // computer 4 → owner 4 → computers (32, 4), all in scope; computer 4 is listed again (the specification).
    const { document } = await both.get('/computers/4', 'include=owner.computers');
    expect(document).toEqual({
      data: computerObject('4', { data: { owner: '4' } }),
      included: [
        personObject('4', { data: { computers: ['32', '4'] } }),
        computerObject('32'),
        computerObject('4', { data: { owner: '4' } }),
      ],
      links: { self: '/computers/4?include=owner.computers' },
      jsonapi: JSONAPI,
    });
  });

  it('relationship linkage and related collections are scoped', async () => {
    const handle = exampleHandler({
      // Persons see only computers whose serial starts with "SN".
      scope: () => ({ computer: [{ name: 'serial', op: 'startswith', val: 'SN' }] }),
    });
    expect(ids((await handle.get('/persons/1/computers')).document)).toEqual(['1', '2', '25']);
    expect(ids((await handle.get('/persons/13/computers')).document)).toEqual([]);
    expect((await handle.get('/persons/5/relationships/computers')).document).toMatchObject({ data: [], meta: { count: 0 } });
    expect((await handle.get('/persons/5', 'include=computers')).document).toMatchObject({
      data: { relationships: { computers: { data: [] } } },
      included: [],
    });
  });

  /** `include=computers` under a computer scope, on the memory layer with `capabilities` replaced when given. */
  const includeCalls = async (capabilities?: DataLayer['capabilities']) => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const read = vi.fn(layer.read);
    const readIncluded = vi.fn(layer.readIncluded);
    const handle = checkedHandler(
      createHandler({
        schema: exampleSchema,
        dataLayer: { ...layer, operators: layer.operators, read, readIncluded, ...(capabilities === undefined ? {} : { capabilities }) },
        scope: () => ({ computer: computerScope('f') }),
      }),
      { schema: exampleSchema },
    );
    const response = await handle({ method: 'GET', path: '/persons', query: 'include=computers', headers: {} });
    expect(response.status).toBe(200);
    return { read, readIncluded };
  };

  it('hands the scope of included records to a layer declaring rowFilters: no read beside the include', async () => {
    const { read, readIncluded } = await includeCalls();
    expect(read).toHaveBeenCalledTimes(1);
    expect(readIncluded).toHaveBeenCalledTimes(1);
    expect(readIncluded.mock.calls[0]?.[0]).toMatchObject({ type: 'person', relationship: 'computers', filter: { kind: 'has' } });
  });

  it('checks included records with one batched read per include step on a layer without rowFilters', async () => {
    const { read, readIncluded } = await includeCalls({});
    expect(readIncluded).toHaveBeenCalledTimes(1);
    expect(readIncluded.mock.calls[0]?.[0]).not.toHaveProperty('filter');
    expect(read).toHaveBeenCalledTimes(2);
    expect(read.mock.calls[1]?.[0]).toMatchObject({
      type: 'computer',
      filter: { kind: 'and', nodes: [{ kind: 'compare', field: 'id', op: 'in_' }, { kind: 'has' }] },
      limit: null,
    });
  });

  it('no scope (undefined) leaves reads unrestricted', async () => {
    const open = exampleHandler({ scope: () => undefined });
    expect((await open.get('/persons/1')).status).toBe(200);
  });

  it('resolves like and match values of a scope node written by hand', async () => {
    // As JavaScript code writes it: no `pattern`/`words`, which the parser would add.
    const handWritten = { kind: 'compare', field: 'name', op: 'ilike', value: '%ann%' } as unknown as FilterNode;
    const words = { kind: 'compare', field: 'name', op: 'match', value: 'doe' } as unknown as FilterNode;
    const expected = exampleData.person.filter((person) => /ann/i.test(person.name)).map((person) => person.id);
    const byPattern = exampleHandler({ scope: { person: handWritten } });
    expect(ids((await byPattern.get('/persons', 'page[size]=100&sort=id')).document).sort()).toEqual([...expected].sort());
    const byWords = exampleHandler({ scope: { person: words } });
    expect((await byWords.get('/persons', 'page[size]=100')).status).toBe(200);
  });

  it('a scope for a type the schema does not have is a server error', async () => {
    const broken = exampleHandler({ scope: () => ({ robot: [] }) });
    expect((await broken.get('/persons')).status).toBe(500);
  });
});
