/**
 * Cases of a layer declaring `rowFilters` (docs/data-layer.md, "Row filters in
 * relationship reads"): the row filters a policy hands to `readIncluded`, and to
 * `readRelated`/`readLinkage` as the owner's filter or a to-one target's. Each filter
 * is a query string over the type it filters; a layer that does not declare
 * `rowFilters` for that type skips the case.
 */
import type { Id } from '../../layers/data-layer.js';
import { cmp, query } from './query-text.js';

/** `readIncluded` with the related type's row filter: the related ids per owner that match it. */
export interface RowFilterIncludedCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly relationship: string;
  readonly keys: readonly Id[];
  /** The related type's row filter, as a query string over that type. */
  readonly filter: string;
  /** Owner id as a string → related ids in primary key order. */
  readonly expect: { readonly [owner: string]: readonly Id[] };
}

/** `readRelated` and `readLinkage` (which must agree) with the owner's row filter, or a to-one target's. */
export interface RowFilterRelatedCase {
  readonly id: string;
  readonly description: string;
  readonly type: string;
  readonly key: Id;
  readonly relationship: string;
  /** The owner type's row filter (`ownerFilter`), as a query string over that type. */
  readonly ownerFilter?: string;
  /** A to-one relationship's target row filter (`filter`), as a query string over that type. */
  readonly targetFilter?: string;
  /** `null`: the owner does not exist for the filter. */
  readonly expect: { readonly ids: readonly Id[]; readonly total: number } | null;
}

const inPrint = query({ filter: [cmp('in_print', 'eq', true)] });
const active = query({ filter: [cmp('active', 'eq', true)] });
const inactive = query({ filter: [cmp('active', 'eq', false)] });

export const ROW_FILTER_INCLUDED_CASES: readonly RowFilterIncludedCase[] = [
  {
    id: 'row-filter-included-to-many',
    description: 'to-many: only related rows inside the row filter, every owner present',
    type: 'author',
    relationship: 'books',
    keys: [10, 1, 2],
    filter: inPrint,
    expect: { '1': ['b1'], '2': [], '10': ['b20'] },
  },
  {
    id: 'row-filter-included-to-one',
    description: 'to-one: a related row outside the row filter (active null) is absent',
    type: 'book',
    relationship: 'author',
    keys: ['b1', 'b10', 'b3', 'b20'],
    filter: active,
    expect: { b1: [1], b10: [], b3: [], b20: [10] },
  },
  {
    id: 'row-filter-included-many-to-many',
    description: 'many-to-many: the row filter applies to each owner\'s members',
    type: 'group',
    relationship: 'members',
    keys: ['g2', 'g4', 'g1'],
    filter: inactive,
    expect: { g1: [2], g2: [2], g4: [] },
  },
];

export const ROW_FILTER_RELATED_CASES: readonly RowFilterRelatedCase[] = [
  {
    id: 'row-filter-owner-outside',
    description: 'an owner outside its row filter does not exist: null',
    type: 'author',
    key: 1,
    relationship: 'books',
    ownerFilter: inactive,
    expect: null,
  },
  {
    id: 'row-filter-owner-inside',
    description: 'an owner inside its row filter: its related rows',
    type: 'author',
    key: 1,
    relationship: 'books',
    ownerFilter: active,
    expect: { ids: ['b1', 'b2'], total: 2 },
  },
  {
    id: 'row-filter-to-one-outside',
    description: 'to-one: a related row outside the target\'s row filter is absent, the owner still exists',
    type: 'book',
    key: 'b2',
    relationship: 'author',
    targetFilter: inactive,
    expect: { ids: [], total: 0 },
  },
  {
    id: 'row-filter-to-one-inside',
    description: 'to-one: a related row inside both row filters',
    type: 'book',
    key: 'b2',
    relationship: 'author',
    ownerFilter: query({ filter: [cmp('in_print', 'eq', false)] }),
    targetFilter: active,
    expect: { ids: [1], total: 1 },
  },
];
