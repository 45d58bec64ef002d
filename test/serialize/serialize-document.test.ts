import { describe, expect, it } from 'vitest';
import { uri } from '../http/uri.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import {
  serializeErrorDocument,
  serializeRelationshipDocument,
  serializeResourceDocument,
} from '../../src/serialize/index.js';
import { jsonApiError } from '../../src/errors/query-error.js';
import {
  ast,
  c1,
  c2,
  computer,
  computerObject,
  jane,
  john,
  JSONAPI,
  linkage,
  person,
  personObject,
} from './fixtures.js';

const options = { schema: exampleSchema };
const parse = (text: string): unknown => JSON.parse(text);

describe('serializeResourceDocument', () => {
  it('writes a paginated collection: resource objects, links, meta.count, jsonapi', () => {
    const body = serializeResourceDocument(
      ast('person'),
      { data: [person(john), person(jane)], total: 2, linkage: linkage() },
      { path: '/persons', query: '' },
      options,
    );
    expect(parse(body)).toEqual({
      data: [personObject(john), personObject(jane)],
      links: { self: '/persons', first: '/persons?page%5Bnumber%5D=1', last: '/persons?page%5Bnumber%5D=1' },
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
  });

  it('keeps attributes in schema order whatever the row order, and writes null for a missing value', () => {
    const row = { gender: null, name: 'X', id: '9' };
    const body = serializeResourceDocument(
      ast('person'),
      { data: person(row), linkage: linkage() },
      { path: '/persons/9', query: '' },
      options,
    );
    const document = parse(body) as { data: { attributes: object } };
    expect(Object.keys(document.data.attributes)).toEqual(['display_name', 'birth_date', 'name', 'gender']);
    expect(document.data.attributes).toEqual({ display_name: null, birth_date: null, name: 'X', gender: null });
  });

  it('writes a single resource without pagination links or meta', () => {
    const body = serializeResourceDocument(
      ast('person'),
      { data: person(john), linkage: linkage() },
      { path: '/persons/1', query: 'sort=name' },
      options,
    );
    expect(parse(body)).toEqual({
      data: personObject(john),
      links: { self: '/persons/1?sort=name' },
      jsonapi: JSONAPI,
    });
  });

  it('writes data: null for an empty to-one related route', () => {
    const body = serializeResourceDocument(
      ast('person'),
      { data: null, linkage: linkage() },
      { path: '/computers/26/owner', query: '' },
      options,
    );
    expect(parse(body)).toEqual({ data: null, links: { self: '/computers/26/owner' }, jsonapi: JSONAPI });
  });

  it('adds relationship data for followed relationships and the included resources', () => {
    const body = serializeResourceDocument(
      ast('person', { include: [['computers']] }),
      {
        data: [person(john), person(jane)],
        total: 2,
        included: [computer(c1), computer(c2)],
        linkage: linkage({ 'person/1/computers': ['1', '2'], 'person/4/computers': [] }),
      },
      { path: '/persons', query: 'include=computers' },
      options,
    );
    const withComputers = (row: typeof john, ids: string[]): object => ({
      ...personObject(row),
      relationships: {
        computers: {
          data: ids.map((id) => ({ type: 'computer', id })),
          links: {
            self: `/persons/${row.id}/relationships/computers`,
            related: `/persons/${row.id}/computers`,
          },
        },
      },
    });
    expect(parse(body)).toEqual({
      data: [withComputers(john, ['1', '2']), withComputers(jane, [])],
      included: [computerObject(c1), computerObject(c2)],
      links: {
        self: '/persons?include=computers',
        first: '/persons?include=computers&page%5Bnumber%5D=1',
        last: '/persons?include=computers&page%5Bnumber%5D=1',
      },
      meta: { count: 2 },
      jsonapi: JSONAPI,
    });
  });

  it('writes included: [] when include was given and nothing was reached', () => {
    const body = serializeResourceDocument(
      ast('computer', { include: [['owner']], page: null }),
      { data: [computer(c1)], included: [], linkage: linkage({ 'computer/1/owner': null }) },
      { path: '/computers', query: 'include=owner&page[size]=0' },
      options,
    );
    expect(parse(body)).toEqual({
      data: [computerObject(c1, null)],
      included: [],
      links: { self: '/computers?include=owner&page%5Bsize%5D=0' },
      jsonapi: JSONAPI,
    });
  });

  it('restricts primary and included resources to their sparse fieldsets', () => {
    const body = serializeResourceDocument(
      ast('computer', { include: [['owner']], fields: { person: ['display_name'], computer: ['serial', 'owner'] } }),
      { data: [computer(c1)], total: 1, included: [person(john)], linkage: linkage({ 'computer/1/owner': '1' }) },
      { path: '/computers', query: '' },
      options,
    );
    expect(parse(body)).toEqual({
      data: [computerObject(c1, '1')],
      included: [{ type: 'person', id: '1', attributes: { display_name: 'John Doe' }, links: { self: '/persons/1' } }],
      links: { self: '/computers', first: '/computers?page%5Bnumber%5D=1', last: '/computers?page%5Bnumber%5D=1' },
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });

  it('omits attributes and relationships for an empty fieldset, and a followed relationship outside the fieldset', () => {
    const body = serializeResourceDocument(
      ast('person', { include: [['computers']], fields: { person: [], computer: ['owner'] } }),
      {
        data: [person(john)],
        total: 1,
        included: [computer(c1)],
        linkage: linkage({ 'person/1/computers': ['1'] }),
      },
      { path: '/persons', query: '' },
      options,
    );
    const document = parse(body) as { data: object[]; included: object[] };
    expect(document.data).toEqual([{ type: 'person', id: '1', links: { self: '/persons/1' } }]);
    expect(document.included).toEqual([
      {
        type: 'computer',
        id: '1',
        relationships: {
          owner: { links: { self: '/computers/1/relationships/owner', related: '/computers/1/owner' } },
        },
        links: { self: '/computers/1' },
      },
    ]);
  });

  it('asks the linkage only for relationships an include path reaches', () => {
    const asked: string[] = [];
    serializeResourceDocument(
      ast('person', { include: [['computers']] }),
      {
        data: [person(john)],
        total: 1,
        included: [computer(c1)],
        linkage: {
          get: (type, id, relationship) => {
            asked.push(`${type}/${String(id)}/${relationship}`);
            return type === 'person' ? ['1'] : undefined;
          },
        },
      },
      { path: '/persons', query: '' },
      options,
    );
    expect(asked).toEqual(['person/1/computers']);
  });

  describe('resources of data also reached by an include path', () => {
    const result = {
      data: [person(john)],
      total: 1,
      included: [computer(c1), person(john)],
      linkage: linkage({ 'person/1/computers': ['1'], 'computer/1/owner': '1' }),
    };
    const request = { path: '/persons', query: 'include=computers.owner' };
    const query = ast('person', { include: [['computers', 'owner']] });
    const includedTypes = (body: string): string[] =>
      (parse(body) as { included: { type: string; id: string }[] }).included.map((r) => `${r.type}/${r.id}`);

    it('are listed again in included (the specification)', () => {
      expect(includedTypes(serializeResourceDocument(query, result, request, options))).toEqual([
        'computer/1',
        'person/1',
      ]);
    });

    it('are not repeated with strictIncluded (JSON:API)', () => {
      const body = serializeResourceDocument(query, result, request, { ...options, strictIncluded: true });
      expect(includedTypes(body)).toEqual(['computer/1']);
    });
  });

  it('prefixes every link with the base URL', () => {
    const base = 'https://api.example.com/v1';
    const body = serializeResourceDocument(
      ast('computer', { include: [['owner']] }),
      { data: [computer(c1)], total: 31, included: [person(john)], linkage: linkage({ 'computer/1/owner': '1' }) },
      { path: '/computers', query: 'include=owner' },
      { ...options, baseUrl: base },
    );
    expect(parse(body)).toEqual({
      data: [computerObject(c1, '1', base)],
      included: [personObject(john, base)],
      links: {
        self: uri(`${base}/computers?include=owner`),
        first: uri(`${base}/computers?include=owner&page[number]=1`),
        last: uri(`${base}/computers?include=owner&page[number]=2`),
        next: uri(`${base}/computers?include=owner&page[number]=2`),
      },
      meta: { count: 31 },
      jsonapi: JSONAPI,
    });
  });

  it('writes ids as strings and percent-encodes them in links', () => {
    const schema = defineSchema({
      types: {
        item: {
          root: 'items',
          id: 'integer',
          attributes: { label: { type: 'string' } },
          relationships: { parts: { target: 'part', to: 'many' } },
        },
        part: { root: 'parts', id: 'string', attributes: {} },
      },
    });
    const body = serializeResourceDocument(
      ast('item', { include: [['parts']] }),
      {
        data: [{ type: 'item', row: { id: 7, label: 'say "hi" \\ ünï' } }],
        total: 1,
        included: [{ type: 'part', row: { id: 'a/b c' } }],
        linkage: linkage({ 'item/7/parts': ['a/b c'] }),
      },
      { path: '/items', query: '' },
      { schema },
    );
    expect(parse(body)).toEqual({
      data: [
        {
          type: 'item',
          id: '7',
          attributes: { label: 'say "hi" \\ ünï' },
          relationships: {
            parts: {
              data: [{ type: 'part', id: 'a/b c' }],
              links: { self: '/items/7/relationships/parts', related: '/items/7/parts' },
            },
          },
          links: { self: '/items/7' },
        },
      ],
      included: [{ type: 'part', id: 'a/b c', links: { self: '/parts/a%2Fb%20c' } }],
      links: { self: '/items', first: '/items?page%5Bnumber%5D=1', last: '/items?page%5Bnumber%5D=1' },
      meta: { count: 1 },
      jsonapi: JSONAPI,
    });
  });

  it('refuses a resource of a type the schema does not have', () => {
    expect(() =>
      serializeResourceDocument(
        ast('person'),
        { data: { type: 'robot', row: { id: '1' } }, linkage: linkage() },
        { path: '/persons/1', query: '' },
        options,
      ),
    ).toThrow('Cannot serialize a resource of type "robot"');
  });
});

describe('serializeRelationshipDocument', () => {
  it('writes to-many linkage with related link, pagination and meta.count', () => {
    const body = serializeRelationshipDocument(
      ast('computer', { page: { kind: 'offset', size: 2, number: 1 } }),
      { data: ['1', '2'], targetType: 'computer', total: 3, linkage: linkage() },
      { type: 'person', id: '1', relationship: 'computers' },
      { path: '/persons/1/relationships/computers', query: 'page[size]=2' },
      options,
    );
    expect(parse(body)).toEqual({
      data: [
        { type: 'computer', id: '1' },
        { type: 'computer', id: '2' },
      ],
      links: {
        self: '/persons/1/relationships/computers?page%5Bsize%5D=2',
        related: '/persons/1/computers',
        first: '/persons/1/relationships/computers?page%5Bsize%5D=2&page%5Bnumber%5D=1',
        last: '/persons/1/relationships/computers?page%5Bsize%5D=2&page%5Bnumber%5D=2',
        next: '/persons/1/relationships/computers?page%5Bsize%5D=2&page%5Bnumber%5D=2',
      },
      meta: { count: 3 },
      jsonapi: JSONAPI,
    });
  });

  it('writes to-one linkage, null when empty, and included resources starting at the owner', () => {
    const empty = serializeRelationshipDocument(
      ast('person'),
      { data: null, targetType: 'person', linkage: linkage() },
      { type: 'computer', id: '26', relationship: 'owner' },
      { path: '/computers/26/relationships/owner', query: '' },
      options,
    );
    expect(parse(empty)).toEqual({
      data: null,
      links: { self: '/computers/26/relationships/owner', related: '/computers/26/owner' },
      jsonapi: JSONAPI,
    });
    const included = serializeRelationshipDocument(
      ast('person', { include: [['owner']] }),
      { data: '1', targetType: 'person', included: [person(john)], linkage: linkage() },
      { type: 'computer', id: '1', relationship: 'owner' },
      { path: '/computers/1/relationships/owner', query: 'include=owner' },
      { ...options, strictIncluded: true },
    );
    expect(parse(included)).toEqual({
      data: { type: 'person', id: '1' },
      included: [personObject(john)],
      links: { self: '/computers/1/relationships/owner?include=owner', related: '/computers/1/owner' },
      jsonapi: JSONAPI,
    });
  });
});

describe('serializeErrorDocument', () => {
  it('writes errors and jsonapi', () => {
    const error = jsonApiError({ code: 'invalid_sort', detail: 'Empty sort key', parameter: 'sort' });
    expect(parse(serializeErrorDocument([error]))).toEqual({
      errors: [
        {
          status: '400',
          code: 'invalid_sort',
          title: 'Invalid sort',
          detail: 'Empty sort key',
          source: { parameter: 'sort' },
        },
      ],
      jsonapi: JSONAPI,
    });
  });
});
