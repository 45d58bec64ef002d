import type { Id } from '../../layers/data-layer.js';
import { cmp, query } from './query-text.js';

/** `readOne(type, id)`: the expected id and name-like attribute, or `null` for a missing record. */
export interface ReadOneCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly key: Id;
  /** `null`: the layer answers `null`. Otherwise the whole row (every declared attribute). */
  readonly expect: { readonly [field: string]: unknown } | null;
}

/** `readRelated` or `readLinkage` on one owner, with a query string over the target type. */
export interface RelatedCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly key: Id;
  readonly relationship: string;
  /** `filter`, `sort` and `page` of the related collection (encoded). */
  readonly query: string;
  /** `null`: the owner does not exist. */
  readonly expect: { readonly ids: readonly Id[]; readonly total: number } | null;
}

/** `readIncluded` for a set of owners: the related ids per owner, in primary key order. */
export interface IncludedCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly relationship: string;
  readonly keys: readonly Id[];
  /** Owner id as a string → related ids in primary key order. */
  readonly expect: { readonly [owner: string]: readonly Id[] };
}

export const READ_ONE_CASES: readonly ReadOneCase[] = [
  {
    id: 'read-one-integer-id',
    description: 'a record by integer id, every attribute as held (astral text, nulls, floats)',
    type: 'author',
    key: 10,
    expect: {
      id: 10,
      name: '\u{1F600} smile',
      nickname: null,
      bio: 'Emoji \u{1F600} lover',
      status: 'live',
      born: '2010-10-10',
      joined: '2010-10-10',
      score: 0.001,
      rank: 1,
      active: true,
    },
  },
  {
    id: 'read-one-backslash',
    description: 'a record whose values hold backslashes and null booleans',
    type: 'author',
    key: 6,
    expect: {
      id: 6,
      name: 'back\\slash',
      nickname: 'back\\',
      bio: 'Die Straße ist groß',
      status: 'draft',
      born: '1970-01-01',
      joined: '1970-01-01',
      score: 3.5,
      rank: 2,
      active: true,
    },
  },
  {
    id: 'read-one-string-id',
    description: 'a record by string id',
    type: 'book',
    key: 'b10',
    expect: { id: 'b10', title: 'Orphan', published: '2000-01-01', pages: 300, in_print: true },
  },
  {
    id: 'read-one-nulls',
    description: 'a record with null attributes returns them as null',
    type: 'book',
    key: 'b11',
    expect: { id: 'b11', title: 'Straße der Bücher', published: null, pages: null, in_print: false },
  },
  { id: 'read-one-missing', description: 'an unknown id is null', type: 'author', key: 99, expect: null },
  { id: 'read-one-case-sensitive', description: 'string ids are case-sensitive', type: 'book', key: 'B10', expect: null },
  { id: 'read-one-prefix', description: 'a prefix of a string id is not the id', type: 'book', key: 'b', expect: null },
];

/** `GET /<type>/<path>`: the id as it appears in the URL path, and the record it names. */
export interface PathIdCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly path: string;
  /** The id of the record served, or `null` for a 404. */
  readonly expect: Id | null;
}

function pathCase(id: string, description: string, type: string, path: string, expect: Id | null): PathIdCase {
  return { id: `path-id-${id}`, description, type, path, expect };
}

/** Ids from a URL path reach the layer normalised (docs/data-layer.md), so every layer agrees. */
export const PATH_ID_CASES: readonly PathIdCase[] = [
  pathCase('integer', 'an integer id in canonical form', 'author', '10', 10),
  pathCase('integer-leading-zero', 'an integer id with a leading zero names no record', 'author', '07', null),
  pathCase('integer-space', 'an integer id with a leading space names no record', 'author', ' 7', null),
  pathCase('integer-trailing-space', 'an integer id with a trailing space names no record', 'author', '7 ', null),
  pathCase('integer-decimal', 'an integer id written as a decimal names no record', 'author', '7.0', null),
  pathCase('integer-sign', 'an integer id with a sign names no record', 'author', '+7', null),
  pathCase('integer-exponent', 'an integer id in exponent form names no record', 'author', '1e1', null),
  pathCase('integer-huge', 'an integer id past 2^53 − 1 names no record', 'author', '9007199254740993', null),
  pathCase('integer-huger', 'an integer id with 400 digits names no record', 'author', '1'.repeat(400), null),
  pathCase('string', 'a string id as sent', 'book', 'b10', 'b10'),
  pathCase('string-leading-zero', 'a string id is not an integer: 07 is its own id', 'group', '07', null),
  pathCase('string-space', 'a string id with a leading space is another id', 'book', ' b10', null),
  pathCase('string-decimal', 'a string id is compared as text', 'book', 'b10.0', null),
  pathCase('string-huge', 'a long numeric string id is text, never a number', 'group', '9007199254740993', null),
];

function related(
  id: string,
  description: string,
  type: string,
  key: Id,
  relationship: string,
  text: string,
  expect: RelatedCase['expect'],
): RelatedCase {
  return { id, description, type, key, relationship, query: text, expect };
}

/** Run through both `readRelated` (rows) and `readLinkage` (ids): both must agree. */
export const RELATED_CASES: readonly RelatedCase[] = [
  related('related-to-many', 'to-many, default order by id', 'author', 1, 'books', '', { ids: ['b1', 'b2'], total: 2 }),
  related('related-filter', 'to-many with a filter on the related type', 'author', 1, 'books', query({ filter: [cmp('in_print', 'eq', true)] }), { ids: ['b1'], total: 1 }),
  related('related-sort', 'to-many sorted', 'author', 1, 'books', query({ sort: 'title' }), { ids: ['b2', 'b1'], total: 2 }),
  related('related-sort-desc', 'to-many sorted descending', 'author', 1, 'books', query({ sort: '-pages' }), { ids: ['b1', 'b2'], total: 2 }),
  related('related-page', 'to-many paged: the total counts every related record', 'author', 1, 'books', query({ page: [1, 2] }), { ids: ['b2'], total: 2 }),
  related('related-page-past-end', 'to-many, page past the end', 'author', 1, 'books', query({ page: [2, 2] }), { ids: [], total: 2 }),
  related('related-integer-ids', 'to-many over integer ids: 2, 3 before 10', 'author', 1, 'mentees', '', { ids: [2, 3, 10], total: 3 }),
  related('related-sort-code-points', 'to-many sorted by code point', 'author', 1, 'mentees', query({ sort: '-name' }), { ids: [10, 2, 3], total: 3 }),
  related('related-sort-ties-page', 'to-many: sort ties by id, then a page', 'author', 1, 'mentees', query({ sort: '-rank', page: [1, 2] }), { ids: [2], total: 3 }),
  related('related-filter-3vl', 'to-many with a three-valued filter', 'author', 1, 'mentees', query({ filter: [cmp('active', 'ne', true)] }), { ids: [2], total: 1 }),
  related('related-empty', 'an owner with no related record: empty, not null', 'author', 2, 'books', '', { ids: [], total: 0 }),
  related('related-missing-owner', 'a missing owner is null', 'author', 99, 'books', '', null),
  related('related-to-one', 'to-one: the related record', 'book', 'b1', 'author', '', { ids: [1], total: 1 }),
  related('related-to-one-empty', 'to-one with no related record: empty, not null', 'book', 'b10', 'author', '', { ids: [], total: 0 }),
  related('related-to-one-missing-owner', 'to-one of a missing owner is null', 'book', 'zz', 'author', '', null),
  related('related-to-one-self', 'a self-referential to-one', 'author', 8, 'mentor', '', { ids: [6], total: 1 }),
  related('related-many-to-many', 'many-to-many, sorted', 'group', 'g2', 'members', query({ sort: 'name' }), { ids: [4, 2, 10], total: 3 }),
  related('related-many-to-many-inverse', 'many-to-many from the other side', 'author', 2, 'groups', query({ sort: '-label' }), { ids: ['g2', 'g1'], total: 2 }),
  related('related-many-to-many-empty', 'many-to-many with no related record', 'group', 'g4', 'members', '', { ids: [], total: 0 }),
  related('related-page-size-zero', 'page[size]=0 on a related collection', 'group', 'g1', 'members', query({ sort: '-id', page: [0] }), { ids: [8, 2, 1], total: 3 }),
];

export const INCLUDED_CASES: readonly IncludedCase[] = [
  {
    id: 'included-to-many',
    description: 'to-many for several owners, every owner present, related rows in primary key order',
    type: 'author',
    relationship: 'books',
    keys: [10, 1, 2],
    expect: { '1': ['b1', 'b2'], '2': [], '10': ['b20'] },
  },
  {
    id: 'included-to-one',
    description: 'to-one for several owners, an owner without a related record has an empty entry',
    type: 'book',
    relationship: 'author',
    keys: ['b1', 'b10', 'b2', 'b20'],
    expect: { b1: [1], b10: [], b2: [1], b20: [10] },
  },
  {
    id: 'included-integer-order',
    description: 'integer ids in numeric order (2, 3, 10)',
    type: 'author',
    relationship: 'mentees',
    keys: [1, 6, 12],
    expect: { '1': [2, 3, 10], '6': [8], '12': [] },
  },
  {
    id: 'included-many-to-many',
    description: 'many-to-many for several owners',
    type: 'group',
    relationship: 'members',
    keys: ['g2', 'g4', 'g1'],
    expect: { g1: [1, 2, 8], g2: [2, 4, 10], g4: [] },
  },
  {
    id: 'included-shared',
    description: 'the same related record under several owners',
    type: 'author',
    relationship: 'mentor',
    keys: [2, 3, 10, 1],
    expect: { '1': [], '2': [1], '3': [1], '10': [1] },
  },
];
