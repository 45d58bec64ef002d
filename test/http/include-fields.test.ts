import { describe, expect, it } from 'vitest';
import { uri } from './uri.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { computerObject, exampleHandler, JSONAPI, personObject } from './helpers.js';

const specification = exampleHandler();
const jsonApi11 = exampleHandler({ includeRequiresFields: false });
const strict = exampleHandler({ strictIncluded: true });

describe('include + fields', () => {
  const query = 'include=computers&fields[person]=name';

  it('the specification: an include has no effect unless listed in the owner fieldset', async () => {
    const { document } = await specification.get('/persons/1', query);
    expect(document).toEqual({
      data: personObject('1', { fields: ['name'] }),
      included: [],
      links: { self: uri(`/persons/1?${query}`) },
      jsonapi: JSONAPI,
    });
  });

  it('JSON:API 1.1 (includeRequiresFields: false): the include applies, the relationship stays hidden', async () => {
    const { document } = await jsonApi11.get('/persons/1', query);
    expect(document).toEqual({
      data: personObject('1', { fields: ['name'] }),
      included: ['1', '2', '25'].map((id) => computerObject(id)),
      links: { self: uri(`/persons/1?${query}`) },
      jsonapi: JSONAPI,
    });
  });

  it.each([
    { name: 'the specification', handler: specification },
    { name: 'JSON:API 1.1', handler: jsonApi11 },
  ])('$name: listed in the fieldset, the include applies', async ({ handler }) => {
    const listed = 'include=computers&fields[person]=name,computers';
    expect((await handler.get('/persons/1', listed)).document).toEqual({
      data: personObject('1', { fields: ['name', 'computers'], data: { computers: ['1', '2', '25'] } }),
      included: ['1', '2', '25'].map((id) => computerObject(id)),
      links: { self: uri(`/persons/1?${listed}`) },
      jsonapi: JSONAPI,
    });
  });

  it('the rule applies at every step of a path (computer fieldset without owner)', async () => {
    const path = 'include=computers.owner&fields[computer]=serial';
    expect((await specification.get('/persons/13', path)).document).toEqual({
      data: personObject('13', { data: { computers: ['13', '14'] } }),
      included: ['13', '14'].map((id) => computerObject(id, { fields: ['serial'] })),
      links: { self: uri(`/persons/13?${path}`) },
      jsonapi: JSONAPI,
    });
    expect((await jsonApi11.get('/persons/13', path)).document).toEqual({
      data: personObject('13', { data: { computers: ['13', '14'] } }),
      included: [...['13', '14'].map((id) => computerObject(id, { fields: ['serial'] })), personObject('13', { data: { computers: ['13', '14'] } })],
      links: { self: uri(`/persons/13?${path}`) },
      jsonapi: JSONAPI,
    });
  });
});

describe('resources of data reached again by an include path', () => {
  const query = 'filter[name]=Bob&include=computers.owner';
  const data = [personObject('13', { data: { computers: ['13', '14'] } })];
  const computers = ['13', '14'].map((id) => computerObject(id, { data: { owner: '13' } }));
  const links = {
    self: uri(`/persons?${query}`),
    first: uri(`/persons?${query}&page[number]=1`),
    last: uri(`/persons?${query}&page[number]=1`),
  };

  it('the specification lists them in included', async () => {
    expect((await specification.get('/persons', query)).document).toEqual({
      data,
      included: [...computers, data[0]],
      links,
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });

  it('strictIncluded never repeats a resource of data', async () => {
    expect((await strict.get('/persons', query)).document).toEqual({
      data,
      included: computers,
      links,
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });
});

describe('relationship routes with include', () => {
  it('include paths start at the owner of the relationship', async () => {
    const { document } = await specification.get('/persons/5/relationships/computers', 'include=computers');
    expect(document).toEqual({
      data: [
        { type: 'computer', id: '5' },
        { type: 'computer', id: '6' },
      ],
      included: ['5', '6'].map((id) => computerObject(id)),
      links: {
        self: '/persons/5/relationships/computers?include=computers',
        related: '/persons/5/computers',
        first: '/persons/5/relationships/computers?include=computers&page%5Bnumber%5D=1',
        last: '/persons/5/relationships/computers?include=computers&page%5Bnumber%5D=1',
      },
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
  });

  it('includes start from the filtered linkage in data, not the whole relationship', async () => {
    const query = 'filter[serial]=SN1002&include=computers';
    const { document } = await specification.get('/persons/1/relationships/computers', query);
    expect(document).toMatchObject({ data: [{ type: 'computer', id: '2' }], included: [computerObject('2')] });
  });

  it('includes start from the paged linkage in data', async () => {
    const query = 'page[size]=1&page[number]=2&include=computers';
    const { document } = await specification.get('/persons/1/relationships/computers', query);
    expect(document).toMatchObject({ data: [{ type: 'computer', id: '2' }], included: [computerObject('2')], meta: { count: 3 } });
  });

  it('a sorted, paged linkage followed two steps: the owner carries no partial linkage', async () => {
    const query = 'sort=-serial&page[size]=2&include=computers.owner';
    const { document } = await specification.get('/persons/1/relationships/computers', query);
    expect(document).toMatchObject({
      data: [
        { type: 'computer', id: '1' },
        { type: 'computer', id: '2' },
      ],
      included: [
        computerObject('1', { data: { owner: '1' } }),
        computerObject('2', { data: { owner: '1' } }),
        personObject('1'),
      ],
    });
  });

  it('an unfiltered to-many linkage is the whole relationship: the owner carries it', async () => {
    const query = 'include=computers.owner';
    const { document } = await specification.get('/persons/5/relationships/computers', query);
    expect(document).toMatchObject({
      included: [
        computerObject('5', { data: { owner: '5' } }),
        computerObject('6', { data: { owner: '5' } }),
        personObject('5', { data: { computers: ['5', '6'] } }),
      ],
    });
  });

  it('an include path through another relationship of the owner is a 400', async () => {
    const schema = defineSchema({
      types: {
        team: {
          root: 'teams',
          id: 'string',
          attributes: { name: { type: 'string' } },
          relationships: {
            members: { target: 'player', to: 'many', inverse: 'team' },
            captain: { target: 'player', to: 'one' },
          },
        },
        player: {
          root: 'players',
          id: 'string',
          attributes: { name: { type: 'string' } },
          relationships: { team: { target: 'team', to: 'one', inverse: 'members' } },
        },
      },
    });
    const data = {
      team: [{ id: 't', name: 'Reds', captain: 'a' }],
      player: [
        { id: 'a', name: 'Ann', team: 't' },
        { id: 'b', name: 'Bo', team: 't' },
      ],
    };
    const teams = exampleHandler({ schema, dataLayer: createMemoryLayer(schema, data) });
    const { status, document } = await teams.get('/teams/t/relationships/members', 'include=members,captain');
    expect(status).toBe(400);
    expect(document).toMatchObject({
      errors: [{ code: 'invalid_include', source: { parameter: 'include' } }],
    });
    expect((await teams.get('/teams/t/relationships/captain', 'include=captain')).document).toMatchObject({
      data: { type: 'player', id: 'a' },
      included: [{ type: 'player', id: 'a', attributes: { name: 'Ann' } }],
    });
  });

  it('to-one relationship route with a two-step include and fields', async () => {
    const query = 'include=owner.computers&fields[person]=name,computers&fields[computer]=serial,owner';
    const { document } = await specification.get('/computers/13/relationships/owner', query);
    // The route's owner (computer 13) followed `owner`; computer 14 was reached, its owner not followed.
    expect(document).toEqual({
      data: { type: 'person', id: '13' },
      included: [
        personObject('13', { fields: ['name', 'computers'], data: { computers: ['13', '14'] } }),
        computerObject('13', { fields: ['serial', 'owner'], data: { owner: '13' } }),
        computerObject('14', { fields: ['serial', 'owner'] }),
      ],
      links: { self: uri(`/computers/13/relationships/owner?${query}`), related: '/computers/13/owner' },
      jsonapi: JSONAPI,
    });
  });

  it('the include/fields rule applies from the owner type on a relationship route', async () => {
    const query = 'include=owner&fields[computer]=serial';
    expect((await specification.get('/computers/13/relationships/owner', query)).document).toEqual({
      data: { type: 'person', id: '13' },
      included: [],
      links: { self: uri(`/computers/13/relationships/owner?${query}`), related: '/computers/13/owner' },
      jsonapi: JSONAPI,
    });
    expect((await jsonApi11.get('/computers/13/relationships/owner', query)).document).toEqual({
      data: { type: 'person', id: '13' },
      included: [personObject('13')],
      links: { self: uri(`/computers/13/relationships/owner?${query}`), related: '/computers/13/owner' },
      jsonapi: JSONAPI,
    });
  });

  it('strictIncluded does not drop resources named by relationship data (identifiers only)', async () => {
    const { document } = await strict.get('/computers/13/relationships/owner', 'include=owner');
    expect(document).toEqual({
      data: { type: 'person', id: '13' },
      included: [personObject('13')],
      links: { self: '/computers/13/relationships/owner?include=owner', related: '/computers/13/owner' },
      jsonapi: JSONAPI,
    });
  });

  it('include paths on a relationship route are validated from the owner type', async () => {
    const { status, document } = await specification.get('/persons/5/relationships/computers', 'include=owner');
    expect(status).toBe(400);
    expect(document).toMatchObject({ errors: [{ code: 'unknown_relationship', source: { parameter: 'include' } }] });
  });
});
