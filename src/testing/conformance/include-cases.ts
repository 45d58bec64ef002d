import { cmp, query } from './query-text.js';
import type { CollectionCase } from './collection-cases.js';

/**
 * Collection reads with `include`, run through `executeCollection`: the page, the
 * total and the set of included resources (`type:id`; a resource of `data` reached
 * again by a path is included too, as the specification says).
 */
export const INCLUDE_CASES: readonly CollectionCase[] = [
  {
    id: 'include-to-many',
    description: 'include a to-many relationship',
    type: 'author',
    query: query({ filter: [cmp('id', 'in_', [1, 2])], include: 'books' }),
    expect: { ids: [1, 2], total: 2, included: ['book:b1', 'book:b2'] },
  },
  {
    id: 'include-back-to-data',
    description: 'a path leading back to a resource of data still includes it',
    type: 'author',
    query: query({ filter: [cmp('rank', 'eq', 1)], include: 'books.author' }),
    expect: { ids: [2, 5, 10], total: 3, included: ['book:b20', 'author:10'] },
  },
  {
    id: 'include-self-chain',
    description: 'a three-step path through a self-referential to-one',
    type: 'author',
    query: query({ filter: [cmp('id', 'eq', 8)], include: 'mentor.mentor.mentor' }),
    expect: { ids: [8], total: 1, included: ['author:6', 'author:4', 'author:2'] },
  },
  {
    id: 'include-to-one-empty',
    description: 'an empty to-one adds nothing',
    type: 'book',
    query: query({ filter: [cmp('id', 'in_', ['b10', 'b3'])], include: 'author' }),
    expect: { ids: ['b10', 'b3'], total: 2, included: ['author:3'] },
  },
  {
    id: 'include-many-to-many',
    description: 'a two-step path over a many-to-many relationship, each resource once',
    type: 'group',
    query: query({ page: [2, 1], include: 'members.groups' }),
    expect: {
      ids: ['g1', 'g2'],
      total: 4,
      included: ['author:1', 'author:2', 'author:4', 'author:8', 'author:10', 'group:g1', 'group:g2'],
    },
  },
  {
    id: 'include-several-paths',
    description: 'several paths',
    type: 'author',
    query: query({ filter: [cmp('id', 'eq', 1)], include: 'books,mentees.groups' }),
    expect: {
      ids: [1],
      total: 1,
      included: ['book:b1', 'book:b2', 'author:2', 'author:3', 'author:10', 'group:g1', 'group:g2'],
    },
  },
  {
    id: 'include-needs-fields',
    description: 'an include has no effect unless its relationship is in the owning type\'s fields',
    type: 'author',
    query: query({ filter: [cmp('id', 'eq', 1)], include: 'books,mentees', fields: { author: 'name,mentees' } }),
    expect: { ids: [1], total: 1, included: ['author:2', 'author:3', 'author:10'] },
  },
  {
    id: 'include-page-only',
    description: 'only the page is included from, not every filtered record',
    type: 'author',
    query: query({ sort: '-id', page: [2, 1], include: 'books' }),
    expect: { ids: [12, 11], total: 12, included: [] },
  },
  {
    id: 'include-empty-data',
    description: 'an empty page includes nothing',
    type: 'author',
    query: query({ filter: [cmp('rank', 'gt', 5)], include: 'books' }),
    expect: { ids: [], total: 0, included: [] },
  },
];

/** An include batching case: the layer calls `executeCollection` may make. */
export interface BatchingCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly query: string;
  /** Exactly these many calls of each method. */
  readonly calls: { readonly read: number; readonly readIncluded: number };
  readonly included: readonly string[];
}

export const BATCHING_CASES: readonly BatchingCase[] = [
  {
    id: 'batching-two-steps',
    description: 'a 2-step include over a full page: one read, one readIncluded per step',
    type: 'author',
    query: query({ page: [5, 1], include: 'mentees.books' }),
    calls: { read: 1, readIncluded: 2 },
    included: ['author:2', 'author:3', 'author:4', 'author:6', 'author:10', 'book:b3', 'book:b4', 'book:b5', 'book:b20'],
  },
  {
    id: 'batching-three-steps',
    description: 'two paths (1 + 2 steps) over every record: one readIncluded per step',
    type: 'author',
    query: query({ page: [12, 1], include: 'books,mentor.mentor' }),
    calls: { read: 1, readIncluded: 3 },
    included: [
      'book:b1',
      'book:b2',
      'book:b3',
      'book:b4',
      'book:b5',
      'book:b11',
      'book:b20',
      'author:1',
      'author:2',
      'author:4',
      'author:6',
    ],
  },
];
