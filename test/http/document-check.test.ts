/**
 * The document check itself: it must fail the documents the official schemas and
 * the full-linkage rule reject, or passing it would prove nothing.
 */
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { checkDocument, unreachableIncluded } from './document-check.js';

const jsonapi = { version: '1.0' };
const person = (id: string, computers?: string[]) => ({
  type: 'person',
  id,
  attributes: { name: 'x' },
  relationships: {
    computers: {
      ...(computers === undefined ? {} : { data: computers.map((computer) => ({ type: 'computer', id: computer })) }),
      links: { self: `/persons/${id}/relationships/computers`, related: `/persons/${id}/computers` },
    },
  },
  links: { self: `/persons/${id}` },
});
const computer = (id: string, owner?: string | null) => ({
  type: 'computer',
  id,
  relationships: {
    owner: {
      ...(owner === undefined ? {} : { data: owner === null ? null : { type: 'person', id: owner } }),
      links: { self: `/computers/${id}/relationships/owner`, related: `/computers/${id}/owner` },
    },
  },
  links: { self: `/computers/${id}` },
});
const relative = { schema: exampleSchema, links: 'relative' } as const;
const absolute = { schema: exampleSchema, links: 'absolute' } as const;

describe('checkDocument', () => {
  it('passes a compound document, an error document and relationship linkage', () => {
    expect(() =>
      checkDocument({ data: [person('1', ['2'])], included: [computer('2', '1')], links: { self: '/persons?page%5Bsize%5D=1' }, jsonapi }, relative),
    ).not.toThrow();
    expect(() => checkDocument({ errors: [{ status: '400', code: 'x', source: { parameter: 'sort' } }], jsonapi }, relative)).not.toThrow();
    expect(() =>
      checkDocument({ data: [{ type: 'computer', id: '2' }], included: [computer('2')], links: { self: '/persons/1/relationships/computers' } }, relative),
    ).not.toThrow();
  });

  it.each([
    { description: 'raw brackets in a link', document: { data: [], links: { self: '/persons?page[size]=1' } }, schema: '1.0' },
    { description: 'a numeric id', document: { data: { type: 'person', id: 1 } }, schema: '1.0' },
    { description: 'data and errors together', document: { data: null, errors: [] }, schema: '1.0' },
    { description: 'an unknown top-level member', document: { data: null, extra: 1 }, schema: '1.0' },
    { description: 'a relative link where links are absolute', document: { data: null, links: { self: '/persons/1' } }, schema: '1.0', links: 'absolute' },
  ])('fails $description', ({ document, schema, links }) => {
    expect(() => checkDocument(document, links === 'absolute' ? absolute : relative)).toThrow(`official JSON:API ${schema} schema`);
  });

  it('takes absolute links where they are expected', () => {
    expect(() => checkDocument({ data: null, links: { self: 'https://api.example.com/computers/26/owner' } }, absolute)).not.toThrow();
  });
});

describe('full linkage', () => {
  it('finds an included resource no linkage leads to', () => {
    const document = { data: [{ type: 'computer', id: '2' }], included: [computer('2', '1'), computer('1', '1'), person('1', ['1', '2'])] };
    expect(unreachableIncluded(document, exampleSchema)).toEqual([]);
    const stray = { data: [{ type: 'computer', id: '2' }], included: [computer('2'), computer('1'), computer('25')] };
    expect(unreachableIncluded(stray, exampleSchema)).toEqual(['computer:1', 'computer:25']);
    expect(() => checkDocument(stray, relative)).toThrow('Included resources not reachable from the primary data: computer:1, computer:25');
  });

  it('lets a relationship left out by a sparse fieldset lead to its target type (the JSON:API exception)', () => {
    const sparse = { type: 'person', id: '1', attributes: { name: 'x' }, links: { self: '/persons/1' } };
    expect(unreachableIncluded({ data: sparse, included: [computer('1')] }, exampleSchema)).toEqual([]);
    expect(unreachableIncluded({ data: person('1', []), included: [computer('1')] }, exampleSchema)).toEqual(['computer:1']);
  });
});
