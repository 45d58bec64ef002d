/**
 * Every example form of the specification (filter, sort, page, include, fields) as a
 * request to the handler over the example dataset, checked against the exact
 * document built from the example records.
 */
import { describe, expect, it } from 'vitest';
import { uri } from './uri.js';
import { computerObject, exampleHandler, JSONAPI, personObject } from './helpers.js';

const { get } = exampleHandler();

/** The top-level links of a result that fits on one page. */
function onePage(path: string, query: string) {
  const separator = query === '' ? '' : '&';
  return {
    self: query === '' ? path : uri(`${path}?${query}`),
    first: uri(`${path}?${query}${separator}page[number]=1`),
    last: uri(`${path}?${query}${separator}page[number]=1`),
  };
}

const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

describe('filter', () => {
  it.each([
    {
      description: 'JSON form, one comparison',
      query: `filter=${json([{ name: 'name', op: 'eq', val: 'John' }])}`,
      ids: ['1'],
    },
    { description: 'simple form', query: 'filter[name]=John', ids: ['1'] },
    { description: 'several simple filters are ANDed', query: 'filter[name]=Alice&filter[gender]=f', ids: ['11'] },
    {
      description: 'JSON and simple forms together are ANDed',
      query: `filter=${json([{ name: 'gender', op: 'eq', val: 'm' }])}&filter[name]=Alice`,
      ids: ['12'],
    },
    {
      description: 'several top-level entries are ANDed',
      query: `filter=${json([
        { name: 'gender', op: 'eq', val: 'f' },
        { name: 'name', op: 'like', val: 'J%' },
      ])}`,
      ids: ['21', '4'],
    },
    {
      description: 'relationship filter with any',
      query: `filter=${json([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } }])}`,
      ids: ['1', '11', '12', '25', '26', '28', '29', '30', '4'],
    },
    { description: 'shortcut rel__field', query: 'filter[computers__serial]=SN1002', ids: ['1', '29'] },
    {
      description: 'or',
      query: `filter=${json([
        {
          or: [
            { name: 'name', op: 'eq', val: 'Bob' },
            { name: 'name', op: 'eq', val: 'bob' },
          ],
        },
      ])}`,
      ids: ['13', '14'],
    },
    {
      description: 'not (unknown stays unknown: null genders excluded)',
      query: `filter=${json([{ not: { name: 'gender', op: 'eq', val: 'm' } }])}`,
      ids: ['11', '16', '17', '21', '25', '27', '29', '30', '4', '5', '6', '8', '9'],
    },
    {
      description: 'and with between on a date',
      query: `filter=${json([
        {
          and: [
            { name: 'birth_date', op: 'between', val: ['1985-01-01', '1990-12-31'] },
            { name: 'gender', op: 'eq', val: 'f' },
          ],
        },
      ])}`,
      ids: ['29', '30', '4', '5'],
    },
    {
      description: 'field compared with another field',
      query: `filter=${json([{ name: 'name', op: 'eq', field: 'display_name' }])}`,
      ids: ['27'],
    },
    {
      description: 'in_ on the id',
      query: `filter=${json([{ name: 'id', op: 'in_', val: ['2', '3', '99'] }])}`,
      ids: ['2', '3'],
    },
    {
      description: 'is_ null',
      query: `filter=${json([{ name: 'birth_date', op: 'is_', val: null }])}`,
      ids: ['14', '24', '3'],
    },
    {
      description: 'ilike',
      query: `filter=${json([{ name: 'name', op: 'ilike', val: '%jo%' }])}`,
      ids: ['1', '2', '21', '22', '3'],
    },
    {
      description: 'match',
      query: `filter=${json([{ name: 'display_name', op: 'match', val: 'doe' }])}`,
      ids: ['1', '4'],
    },
  ])('$description', async ({ query, ids }) => {
    const { status, document } = await get('/persons', query);
    expect(status).toBe(200);
    expect(document).toEqual({
      data: ids.map((id) => personObject(id)),
      links: onePage('/persons', query),
      meta: { count: ids.length },
      jsonapi: JSONAPI,
    });
  });

  it.each([
    {
      description: 'relationship filter with has',
      query: `filter=${json([{ name: 'owner', op: 'has', val: { name: 'name', op: 'eq', val: 'Alice' } }])}`,
    },
    { description: 'to-one shortcut', query: 'filter[owner__name]=Alice' },
  ])('$description (computers)', async ({ query }) => {
    const { document } = await get('/computers', query);
    expect(document).toEqual({
      data: ['11', '12'].map((id) => computerObject(id)),
      links: onePage('/computers', query),
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
  });
});

describe('sort', () => {
  it.each([
    {
      description: 'sort=<field> ascending, code-point order',
      query: 'sort=name&filter[gender]=f',
      ids: ['11', '30', '16', '4', '21', '25', '29', '5', '8'],
    },
    {
      description: 'sort=-<field> descending, ties broken by id',
      query: 'sort=-birth_date&filter[gender]=f',
      ids: ['8', '11', '25', '4', '29', '5', '30', '21', '16'],
    },
    {
      description: 'sort=-<field1>,<field2>',
      query: 'sort=-birth_date,name&filter[birth_date]=1990-04-02',
      ids: ['15', '4', '1'],
    },
    {
      description: 'sort=<field1>,<field2>',
      query: 'sort=name,birth_date&filter[name]=Alice',
      ids: ['12', '11'],
    },
  ])('$description', async ({ query, ids }) => {
    const { document } = await get('/persons', query);
    expect(document).toEqual({
      data: ids.map((id) => personObject(id)),
      links: onePage('/persons', query),
      meta: { count: ids.length },
      jsonapi: JSONAPI,
    });
  });
});

describe('page', () => {
  it('page[size]=10&page[number]=2', async () => {
    const query = 'page[size]=10&page[number]=2';
    const { document } = await get('/persons', query);
    expect(document).toEqual({
      data: ['19', '2', '20', '21', '22', '23', '24', '25', '26', '27'].map((id) => personObject(id)),
      links: {
        self: '/persons?page%5Bsize%5D=10&page%5Bnumber%5D=2',
        first: '/persons?page%5Bsize%5D=10&page%5Bnumber%5D=1',
        last: '/persons?page%5Bsize%5D=10&page%5Bnumber%5D=3',
        prev: '/persons?page%5Bsize%5D=10&page%5Bnumber%5D=1',
        next: '/persons?page%5Bsize%5D=10&page%5Bnumber%5D=3',
      },
      meta: { count: 30 },
      jsonapi: JSONAPI,
    });
  });

  it('page[size]=0 disables pagination: every record, no pagination links', async () => {
    const { document } = await get('/computers', 'page[size]=0');
    const ids = Array.from({ length: 32 }, (_, index) => String(index + 1)).sort();
    expect(document).toEqual({
      data: ids.map((id) => computerObject(id)),
      links: { self: '/computers?page%5Bsize%5D=0' },
      jsonapi: JSONAPI,
    });
  });
});

describe('include', () => {
  it('include= (empty) asks for no related resources: a 200 without included (JSON:API 1.1)', async () => {
    const { status, document } = await get('/persons/1', 'include=');
    expect(status).toBe(200);
    expect(document).toEqual({ data: personObject('1'), links: { self: '/persons/1?include=' }, jsonapi: JSONAPI });
  });

  it('include=computers on a single resource', async () => {
    const { document } = await get('/persons/1', 'include=computers');
    expect(document).toEqual({
      data: personObject('1', { data: { computers: ['1', '2', '25'] } }),
      included: ['1', '2', '25'].map((id) => computerObject(id)),
      links: { self: '/persons/1?include=computers' },
      jsonapi: JSONAPI,
    });
  });

  it('include=computers on a collection: each included resource once, first-encounter order', async () => {
    const query = 'filter[gender]=f&sort=-name&include=computers&page[size]=3';
    const { document } = await get('/persons', query);
    // f persons by name descending: straße (8), Zoë (5), Zoe (29)
    expect(document).toEqual({
      data: [
        personObject('8', { data: { computers: ['9'] } }),
        personObject('5', { data: { computers: ['5', '6'] } }),
        personObject('29', { data: { computers: ['29'] } }),
      ],
      included: ['9', '5', '6', '29'].map((id) => computerObject(id)),
      links: {
        self: uri(`/persons?${query}`),
        first: uri(`/persons?${query}&page[number]=1`),
        last: uri(`/persons?${query}&page[number]=3`),
        next: uri(`/persons?${query}&page[number]=2`),
      },
      meta: { count: 9 },
      jsonapi: JSONAPI,
    });
  });

  it('include=computers.owner: a resource of data is still listed in included, identical to its data copy', async () => {
    const { document } = await get('/persons/1', 'include=computers.owner');
    expect(document).toEqual({
      data: personObject('1', { data: { computers: ['1', '2', '25'] } }),
      included: [
        computerObject('1', { data: { owner: '1' } }),
        computerObject('2', { data: { owner: '1' } }),
        computerObject('25', { data: { owner: '1' } }),
        personObject('1', { data: { computers: ['1', '2', '25'] } }),
      ],
      links: { self: '/persons/1?include=computers.owner' },
      jsonapi: JSONAPI,
    });
  });

  it('include=owner on computers, with an owner-less computer', async () => {
    const query = `filter=${json([{ name: 'id', op: 'in_', val: ['2', '26', '29'] }])}&include=owner`;
    const { document } = await get('/computers', query);
    expect(document).toEqual({
      data: [
        computerObject('2', { data: { owner: '1' } }),
        computerObject('26', { data: { owner: null } }),
        computerObject('29', { data: { owner: '29' } }),
      ],
      included: [personObject('1'), personObject('29')],
      links: onePage('/computers', query),
      meta: { count: 3 },
      jsonapi: JSONAPI,
    });
  });

  it('several comma-separated paths', async () => {
    const { document } = await get('/computers/3', 'include=owner,owner.computers');
    expect(document).toEqual({
      data: computerObject('3', { data: { owner: '2' } }),
      included: [personObject('2', { data: { computers: ['3'] } }), computerObject('3', { data: { owner: '2' } })],
      links: { self: '/computers/3?include=owner,owner.computers' },
      jsonapi: JSONAPI,
    });
  });

  it('include on a related route starts at the related resources', async () => {
    const { document } = await get('/persons/13/computers', 'include=owner');
    expect(document).toEqual({
      data: [computerObject('13', { data: { owner: '13' } }), computerObject('14', { data: { owner: '13' } })],
      included: [personObject('13')],
      links: {
        self: '/persons/13/computers?include=owner',
        first: '/persons/13/computers?include=owner&page%5Bnumber%5D=1',
        last: '/persons/13/computers?include=owner&page%5Bnumber%5D=1',
      },
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
  });
});

describe('fields', () => {
  it('fields[person]=display_name returns the attribute alone, with no relationship links', async () => {
    const query = 'fields[person]=display_name&filter[name]=John';
    const { document } = await get('/persons', query);
    expect(document).toEqual({
      data: [{ type: 'person', id: '1', attributes: { display_name: 'John Doe' }, links: { self: '/persons/1' } }],
      links: onePage('/persons', query),
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });

  it('fields[computer]=serial restricts included computers', async () => {
    const { document } = await get('/persons/1', 'include=computers&fields[computer]=serial');
    expect(document).toEqual({
      data: personObject('1', { data: { computers: ['1', '2', '25'] } }),
      included: ['1', '2', '25'].map((id) => computerObject(id, { fields: ['serial'] })),
      links: { self: '/persons/1?include=computers&fields%5Bcomputer%5D=serial' },
      jsonapi: JSONAPI,
    });
  });

  it('several fields parameters combined, the included relationship listed in its owner fieldset', async () => {
    const query = 'include=computers&fields[person]=name,computers&fields[computer]=serial';
    const { document } = await get('/persons/4', query);
    expect(document).toEqual({
      data: personObject('4', { fields: ['name', 'computers'], data: { computers: ['32', '4'] } }),
      included: ['32', '4'].map((id) => computerObject(id, { fields: ['serial'] })),
      links: { self: uri(`/persons/4?${query}`) },
      jsonapi: JSONAPI,
    });
  });

  it('an empty fieldset returns neither attributes nor relationships', async () => {
    const { document } = await get('/computers/1', 'fields[computer]=');
    expect(document).toEqual({
      data: { type: 'computer', id: '1', links: { self: '/computers/1' } },
      links: { self: '/computers/1?fields%5Bcomputer%5D=' },
      jsonapi: JSONAPI,
    });
  });
});
