import type { KeyValue } from '../../ast/query-ast.js';
import type { Id, Keyset } from '../../layers/data-layer.js';
import { cmp, query } from './query-text.js';

/**
 * One keyset window (a cursor page) read at layer level on the conformance dataset,
 * with the answer written by hand from docs/data-layer.md: the rows strictly after
 * `after` and strictly before `before` in the sort order, the first `limit` of them,
 * each row's sort key values, and the total of the filter (not of the window).
 */
export interface KeysetCase {
  /** A stable name, usable as a key of the `skip` option. */
  readonly id: string;
  readonly description: string;
  /** The collection read, or the owner's type of a related read. */
  readonly type: string;
  /** A related read (`readRelated` and `readLinkage`, which must agree) of this owner. */
  readonly related?: { readonly key: Id; readonly relationship: string };
  /** `sort` and `filter` of the read, encoded, over the type read. */
  readonly query: string;
  /** Every direction of the sort flipped (`id` included), as the executor reads a page backwards. */
  readonly flipped?: boolean;
  readonly keyset: Keyset;
  readonly limit: number | null;
  /** `false`: the layer may leave `total` out; a total it gives anyway must be right. */
  readonly withTotal?: false;
  readonly expect: {
    readonly ids: readonly Id[];
    /** Each row's sort key values, in the order of the sort (the `id` last). */
    readonly keys: readonly (readonly KeyValue[])[];
    readonly total: number;
  };
}

type Expected = KeysetCase['expect'];
type Options = Pick<KeysetCase, 'related' | 'flipped' | 'withTotal'>;

function authors(id: string, description: string, sort: string, keyset: Keyset, limit: number | null, expect: Expected, options: Options = {}): KeysetCase {
  return { id, description, type: 'author', query: query({ sort }), keyset, limit, expect, ...options };
}

/** The ids of `keys`, each the last value of its row's keys. */
function rows(total: number, ...keys: (readonly KeyValue[])[]): Expected {
  return { ids: keys.map((row) => row.at(-1) as Id), keys, total };
}

/** Nulls last ascending, first descending, ties broken by id, on a nullable float (`score`). */
const NULL_AND_TIE_CASES: readonly KeysetCase[] = [
  authors('keyset-first-page', 'a window without bounds is the first page, with its keys', 'score', {}, 3, rows(12, [-2.25, 4], [0, 3], [0.001, 10])),
  authors('keyset-after-ties', 'after a row whose value ties with the next: the id decides', 'score', { after: [3.5, 1] }, 3, rows(12, [3.5, 6], [7, 8], [7, 11])),
  authors('keyset-after-into-nulls', 'ascending, the nulls come after the last value', 'score', { after: [100, 7] }, 5, rows(12, [null, 2], [null, 9])),
  authors('keyset-after-null-asc', 'ascending, after a null only the later nulls remain', 'score', { after: [null, 2] }, 5, rows(12, [null, 9])),
  authors('keyset-past-end', 'after the last row: empty, with the same total', 'score', { after: [null, 9] }, 5, rows(12)),
  authors('keyset-desc-nulls-first', 'descending, the nulls come first: after a null, the later nulls then the values', '-score', { after: [null, 2] }, 3, rows(12, [null, 9], [100, 7], [10, 5])),
  authors('keyset-desc-after-value', 'descending, after a value only smaller values, never the nulls', '-score', { after: [7, 11] }, 3, rows(12, [3.5, 1], [3.5, 6], [2, 12])),
  authors('keyset-desc-before-value', 'descending, before a value: the nulls and the larger values', '-score', { before: [7, 8] }, null, rows(12, [null, 2], [null, 9], [100, 7], [10, 5])),
];

/** `before`, both bounds, empty windows, and the flipped sort the executor reads backwards with. */
const RANGE_CASES: readonly KeysetCase[] = [
  authors('keyset-before-only', 'before a row: the rows from the start up to it', 'score', { before: [3.5, 6] }, null, rows(12, [-2.25, 4], [0, 3], [0.001, 10], [2, 12], [3.5, 1])),
  authors('keyset-before-limit', 'before a row, limited: the first rows of the window', 'score', { before: [3.5, 6] }, 2, rows(12, [-2.25, 4], [0, 3])),
  authors('keyset-flipped', 'the flipped sort (-score, -id) after a row: the rows before it, nearest first', 'score', { after: [3.5, 6] }, 3, rows(12, [3.5, 1], [2, 12], [0.001, 10]), { flipped: true }),
  authors('keyset-flipped-nulls', 'the flipped sort starts with the nulls, by id descending', 'score', {}, 3, rows(12, [null, 9], [null, 2], [100, 7]), { flipped: true }),
  authors('keyset-range', 'after one row and before another: the rows between', 'score', { after: [0, 3], before: [7, 11] }, null, rows(12, [0.001, 10], [2, 12], [3.5, 1], [3.5, 6], [7, 8])),
  authors('keyset-range-nulls', 'a range from a value into the nulls', 'score', { after: [10, 5], before: [null, 9] }, null, rows(12, [100, 7], [null, 2])),
  authors('keyset-range-adjacent', 'a range between two neighbours is empty', 'score', { after: [7, 8], before: [7, 11] }, null, rows(12)),
  authors('keyset-range-inverted', 'a range whose before comes first is empty', 'score', { after: [7, 11], before: [0, 3] }, null, rows(12)),
];

/** Every kind of key: dates, code points, booleans, integer and string ids, several keys both ways. */
const KIND_CASES: readonly KeysetCase[] = [
  authors('keyset-date-ties', 'dates as dates, three rows tied on one date', 'born', { after: ['1990-04-02', 1] }, 3, rows(12, ['1990-04-02', 5], ['1990-04-02', 11], ['1999-12-31', 8])),
  authors('keyset-date-desc', 'dates descending across the ties', '-born', { after: ['2001-01-01', 4] }, 4, rows(12, ['1999-12-31', 8], ['1990-04-02', 1], ['1990-04-02', 5], ['1990-04-02', 11])),
  authors('keyset-code-points', 'strings in code-point order: lower case after upper case', 'name', { after: ['Zed', 12] }, 3, rows(12, ['alice', 2], ['back\\slash', 6], ['snake_case', 5])),
  authors('keyset-code-points-astral', 'an astral character after U+FF21', 'name', { after: ['\u039F\u0394\u039F\u03A3', 9] }, 3, rows(12, ['\uFF21 wide', 11], ['\u{1F600} smile', 10])),
  authors('keyset-boolean', 'booleans: false before true', 'active', { after: [false, 11] }, 2, rows(12, [true, 1], [true, 4])),
  authors('keyset-boolean-desc', 'booleans descending: nulls, true, then false', '-active', { after: [true, 10] }, 2, rows(12, [false, 2], [false, 5])),
  authors('keyset-integer-id', 'integer ids as numbers: after 10 descending comes 9', '-id', { after: [10] }, 3, rows(12, [9], [8], [7])),
  {
    id: 'keyset-string-id',
    description: "string ids as strings: 'b11' < 'b2'",
    type: 'book',
    query: '',
    keyset: { after: ['b11'] },
    limit: 2,
    expect: rows(8, ['b2'], ['b20']),
  },
  authors('keyset-mixed-directions', 'several keys, one descending and one ascending', '-rank,name', { after: [3, 'Bob', 3] }, 3, rows(12, [3, 'Zed', 12], [2, 'Alice', 1], [2, 'back\\slash', 6])),
  {
    id: 'keyset-filter-total',
    description: 'a filter narrows the total; the window does not',
    type: 'author',
    query: query({ filter: [cmp('active', 'eq', true)], sort: '-score' }),
    keyset: { after: [3.5, 1] },
    limit: 2,
    expect: rows(5, [3.5, 6], [0.001, 10]),
  },
  authors('keyset-without-total', 'withTotal false: the rows and keys as ever', 'score', { after: [3.5, 1] }, 2, rows(12, [3.5, 6], [7, 8]), { withTotal: false }),
];

/** Dotted to-one paths: the key of a record without the related record is null. */
const DOTTED_CASES: readonly KeysetCase[] = [
  authors('keyset-dotted', 'sort=mentor.name: ties on the mentor, then the id', 'mentor.name', { after: ['Alice', 3] }, 3, rows(12, ['Alice', 10], ['alice', 4], ['back\\slash', 8])),
  authors('keyset-dotted-into-nulls', 'sort=mentor.name: after the last mentor come the authors without one', 'mentor.name', { after: ['back\\slash', 8] }, 2, rows(12, [null, 1], [null, 5])),
  authors('keyset-dotted-desc', 'sort=-mentor.name: after the last null, the mentors descending', '-mentor.name', { after: [null, 12] }, 2, rows(12, ['back\\slash', 8], ['alice', 4])),
  {
    id: 'keyset-dotted-books',
    description: 'sort=author.name on books: string ids break the tie',
    type: 'book',
    query: query({ sort: 'author.name' }),
    keyset: { after: ['Alice', 'b2'] },
    limit: 3,
    expect: rows(8, ['Bob', 'b3'], ['Stra\u00dfe', 'b11'], ['back\\slash', 'b5']),
  },
];

/** Windows on related collections: `readRelated` and `readLinkage` agree on ids and keys. */
const RELATED_KEYSET_CASES: readonly KeysetCase[] = [
  authors('keyset-related', 'to-many (a foreign key): after a tie on rank', 'rank', { after: [1, 2] }, 1, rows(3, [1, 10]), { related: { key: 1, relationship: 'mentees' } }),
  {
    id: 'keyset-related-many-to-many-flipped',
    description: 'many-to-many (a join table), the flipped sort',
    type: 'group',
    related: { key: 'g1', relationship: 'members' },
    query: query({ sort: 'born' }),
    flipped: true,
    keyset: { after: ['1999-12-31', 8] },
    limit: 5,
    expect: rows(3, ['1990-04-02', 1], ['1985-12-31', 2]),
  },
  {
    id: 'keyset-related-dotted',
    description: 'many-to-many sorted by a dotted path',
    type: 'group',
    related: { key: 'g2', relationship: 'members' },
    query: query({ sort: 'mentor.name' }),
    keyset: { after: ['Alice', 10] },
    limit: 5,
    expect: rows(3, ['alice', 4]),
  },
  {
    id: 'keyset-related-string-ids',
    description: 'to-many books after a date, descending',
    type: 'author',
    related: { key: 1, relationship: 'books' },
    query: query({ sort: '-published' }),
    keyset: { after: ['2019-01-01', 'b1'] },
    limit: 5,
    withTotal: false,
    expect: rows(2, ['2015-05-05', 'b2']),
  },
];

export const KEYSET_CASES: readonly KeysetCase[] = [
  ...NULL_AND_TIE_CASES,
  ...RANGE_CASES,
  ...KIND_CASES,
  ...DOTTED_CASES,
  ...RELATED_KEYSET_CASES,
];
