/**
 * The serializer on inputs the executor rarely gives: several relationships in one
 * resource, integer ids in linkage, executions without a count or without a page,
 * a range page both counted and cut, `strictIncluded` with `data: null`, error
 * types outside the cursor profile, and the document plan's cache (shapes that must
 * not share a plan, the least recently used dropped exactly past the limit).
 */
import { describe, expect, it } from 'vitest';
import { defineSchema } from '../../src/schema/define-schema.js';
import { serializeRelationshipDocument, serializeResourceDocument } from '../../src/serialize/index.js';
import { isProfileError } from '../../src/serialize/serialize-document.js';
import { documentPlan, MAX_CACHED_PLANS, type PlanKey } from '../../src/serialize/document-plan.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import type { JsonApiError } from '../../src/errors/query-error.js';
import { ast, JSONAPI, linkage, person, john } from './fixtures.js';

const parse = (text: string): unknown => JSON.parse(text);

const shelfSchema = defineSchema({
  types: {
    shelf: {
      root: 'shelves',
      id: 'integer',
      attributes: { label: { type: 'string' } },
      relationships: { items: { target: 'item', to: 'many' }, room: { target: 'room', to: 'one' } },
    },
    item: { root: 'items', id: 'integer', attributes: {} },
    room: { root: 'rooms', id: 'integer', attributes: {} },
  },
});

describe('resource documents', () => {
  it('separate several relationships, and write integer ids as strings in linkage', () => {
    const body = serializeResourceDocument(
      ast('shelf', { include: [['items'], ['room']] }),
      { data: [{ type: 'shelf', row: { id: 7, label: 'top' } }], included: [], linkage: linkage({ 'shelf/7/items': [1, 2], 'shelf/7/room': 3 }) },
      { path: '/shelves', query: '' },
      { schema: shelfSchema },
    );
    expect(parse(body)).toMatchObject({
      data: [
        {
          type: 'shelf',
          id: '7',
          relationships: {
            items: { data: [{ type: 'item', id: '1' }, { type: 'item', id: '2' }] },
            room: { data: { type: 'room', id: '3' } },
          },
        },
      ],
    });
  });

  it('give only a self link to a list without a page, or without a count and without hasNext', () => {
    const self = { self: '/persons' };
    const unpaged = serializeResourceDocument(ast('person', { page: null }), { data: [person(john)], total: 1, linkage: linkage() }, { path: '/persons', query: '' }, { schema: exampleSchema });
    expect((parse(unpaged) as { links: object }).links).toEqual(self);
    const uncounted = serializeResourceDocument(ast('person'), { data: [person(john)], linkage: linkage() }, { path: '/persons', query: '' }, { schema: exampleSchema });
    expect((parse(uncounted) as { links: object }).links).toEqual(self);
  });

  it('give no page links to a single resource, counted or not', () => {
    const body = serializeResourceDocument(ast('person'), { data: person(john), total: 1, hasNext: true, linkage: linkage() }, { path: '/persons/1', query: '' }, { schema: exampleSchema });
    expect((parse(body) as { links: object }).links).toEqual({ self: '/persons/1' });
  });

  it('write meta.count and meta.page.rangeTruncated side by side', () => {
    const body = serializeRelationshipDocument(
      ast('computer', { page: { kind: 'cursor', size: 1, after: ['1'], before: ['9'] } }),
      { data: ['2'], targetType: 'computer', total: 5, cursorPage: { cursors: ['c2'], next: null, prev: null, rangeTruncated: true }, linkage: linkage() },
      { type: 'person', id: '1', relationship: 'computers' },
      { path: '/persons/1/relationships/computers', query: '' },
      { schema: exampleSchema },
    );
    expect(parse(body)).toMatchObject({ meta: { count: 5, page: { rangeTruncated: true } } });
  });

  it('with strictIncluded, still write included beside data: null', () => {
    const body = serializeResourceDocument(
      ast('person', { include: [['computers']] }),
      { data: null, included: [], linkage: linkage() },
      { path: '/computers/9/owner', query: '' },
      { schema: exampleSchema, strictIncluded: true },
    );
    expect(parse(body)).toEqual({ data: null, included: [], links: { self: '/computers/9/owner' }, jsonapi: JSONAPI });
  });
});

describe('isProfileError', () => {
  it('is true only for error types of the cursor profile', () => {
    const error = (type: string): JsonApiError => ({ status: '400', code: 'invalid_cursor', title: 'x', detail: 'x', links: { type } });
    expect(isProfileError([error('https://jsonapi.org/profiles/ethanresnick/cursor-pagination/max-size-exceeded')])).toBe(true);
    expect(isProfileError([error('https://example.com/errors/other')])).toBe(false);
    expect(isProfileError([error('https://jsonapi.org/profiles/ethanresnick/cursor-pagination')])).toBe(false);
  });
});

describe('documentPlan', () => {
  const key = (parts: Partial<PlanKey>): PlanKey => ({ schema: exampleSchema, baseUrl: '', fields: {}, include: [], includeFrom: 'person', ...parts });

  it('gives shapes that differ their own plans, and one plan to fieldsets listed in another order', () => {
    const pairs: [Partial<PlanKey>, Partial<PlanKey>][] = [
      [{ include: [['computers', 'owner']] }, { include: [['computersowner']] }],
      [{ include: [['computers'], ['owner']] }, { include: [['computersowner']] }],
      [{ fields: { person: ['name', 'gender'] } }, { fields: { person: ['namegender'] } }],
    ];
    for (const [one, other] of pairs) expect(documentPlan(key(one))).not.toBe(documentPlan(key(other)));
    const fields = { person: ['name'], computer: ['serial'] };
    expect(documentPlan(key({ fields }))).toBe(documentPlan(key({ fields: { computer: ['serial'], person: ['name'] } })));
  });

  it('follows no relationship of an include path the schema does not have', () => {
    const plan = documentPlan(key({ include: [['nope', 'computers'], ['computers', 'nope']] }));
    expect(plan.types.get('person')?.relationships.map((relationship) => [relationship.name, relationship.followable])).toEqual([['computers', true]]);
    expect(plan.types.get('computer')?.relationships.map((relationship) => relationship.followable)).toEqual([false]);
    const unknownStart = documentPlan(key({ include: [['computers']], includeFrom: 'robot' }));
    expect(unknownStart.types.get('person')?.relationships.map((relationship) => relationship.followable)).toEqual([false]);
  });

  it('keeps exactly MAX_CACHED_PLANS plans per schema, dropping the least recently used', () => {
    const schema = defineSchema({ types: { thing: { root: 'things', attributes: { label: { type: 'string' } } } } });
    const at = (index: number) => documentPlan({ schema, baseUrl: `/${index}`, fields: {}, include: [], includeFrom: 'thing' });
    const plans = Array.from({ length: MAX_CACHED_PLANS }, (_, index) => at(index));
    expect(at(0)).toBe(plans[0]);
    at(MAX_CACHED_PLANS);
    expect(at(0)).toBe(plans[0]);
    expect(at(2)).toBe(plans[2]);
    expect(at(1)).not.toBe(plans[1]);
  });
});
