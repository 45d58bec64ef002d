/**
 * The query budget's limits (`DEFAULT_LIMITS`, docs/errors.md) as pairs of queries
 * on the example schema (`person`) or the shop schema of test/parse/test-schema.ts:
 * one exactly at the default limit, which must be accepted, and one a single unit
 * past it, which must be refused with the limit's code, parameter and message. The
 * parser tests (test/parse/limit-boundaries.test.ts) and the HTTP tests
 * (test/http/limit-boundaries.test.ts) run the same table.
 */
import type { QueryLimits } from '../../src/index.js';

export interface Boundary {
  readonly limit: keyof QueryLimits;
  readonly code: string;
  /** `'shop'`: the shop schema (type `order` unless `type` says otherwise). */
  readonly schema?: 'shop';
  readonly type?: string;
  /** A query exactly at the limit. */
  readonly at: string;
  /** The same query one unit past it. */
  readonly past: string;
  readonly status?: string;
  readonly parameter: string | undefined;
  readonly detail: string;
  readonly pointer?: string;
}

const COMPARISON = { name: 'name', op: 'eq', val: 'x' };

/** `filter=<JSON>`, percent-encoded. */
const filter = (value: unknown): string => `filter=${encodeURIComponent(JSON.stringify(value))}`;

/** `depth` levels of `not` around one comparison. */
function nested(depth: number): unknown {
  let entry: unknown = COMPARISON;
  for (let level = 0; level < depth; level++) entry = { not: entry };
  return [entry];
}

/** A `filter` JSON text of exactly `length` characters (padded with spaces, sent as `+`). */
function filterOfLength(length: number): string {
  const text = JSON.stringify([COMPARISON]);
  return `filter=${encodeURIComponent(text.slice(0, -1))}${'+'.repeat(length - text.length)}%5D`;
}

/** A query string of exactly `bytes` bytes: one parameter left to the host. */
const queryOfLength = (bytes: number): string => `utm_source=${'a'.repeat(bytes - 'utm_source='.length)}`;

/** `count` parameters left to the host. */
const parameters = (count: number): string => Array.from({ length: count }, (_, index) => `x${String(index)}=1`).join('&');

const words = (count: number): string => Array.from({ length: count }, (_, index) => `w${String(index)}`).join(' ');

const list = (count: number): string[] => Array.from({ length: count }, (_, index) => `n${String(index)}`);

/** Ten distinct include paths from `order` in the shop schema, and an eleventh. */
const ORDER_PATHS = [
  'customer',
  'lines',
  'customer.orders',
  'customer.region',
  'customer.region.country',
  'lines.order',
  'lines.order.customer',
  'lines.order.lines',
  'customer.orders.customer',
  'customer.orders.lines',
];

export const BOUNDARIES: readonly Boundary[] = [
  {
    limit: 'maxQueryLength',
    code: 'query_too_long',
    at: queryOfLength(8192),
    past: queryOfLength(8193),
    status: '414',
    parameter: undefined,
    detail: 'The query string is 8193 bytes; the limit is 8192.',
  },
  {
    limit: 'maxParameters',
    code: 'too_many_parameters',
    at: parameters(100),
    past: parameters(101),
    parameter: undefined,
    detail: 'The query has more than 100 parameters',
  },
  {
    limit: 'maxFilterLength',
    code: 'filter_too_long',
    at: filterOfLength(4096),
    past: filterOfLength(4097),
    parameter: 'filter',
    detail: 'The filter has 4097 characters; the limit is 4096',
  },
  {
    limit: 'maxFilterDepth',
    code: 'filter_too_deep',
    at: filter(nested(10)),
    past: filter(nested(11)),
    parameter: 'filter',
    detail: 'The filter nests and/or/not/any/has more than 10 levels deep',
    pointer: `/0${'/not'.repeat(10)}`,
  },
  {
    limit: 'maxFilterNodes',
    code: 'filter_too_many_nodes',
    at: filter([{ or: Array.from({ length: 99 }, () => COMPARISON) }]),
    past: filter([{ or: Array.from({ length: 100 }, () => COMPARISON) }]),
    parameter: 'filter',
    detail: 'The filter has more than 100 nodes',
    pointer: '/0/or/99',
  },
  {
    limit: 'maxPathHops',
    code: 'path_too_long',
    at: 'filter[computers__owner__computers__serial]=x',
    past: 'filter[computers__owner__computers__owner__name]=x',
    parameter: 'filter[computers__owner__computers__owner__name]',
    detail: 'The filter path "computers__owner__computers__owner__name" follows 4 relationships; the limit is 3',
  },
  {
    limit: 'maxPathHops',
    code: 'path_too_long',
    schema: 'shop',
    at: 'sort=customer.region.country.name',
    past: 'sort=customer.region.country.continent.name',
    parameter: 'sort',
    detail: 'The sort path "customer.region.country.continent.name" follows 4 relationships; the limit is 3',
  },
  {
    limit: 'maxListItems',
    code: 'list_too_long',
    at: filter([{ name: 'name', op: 'in_', val: list(100) }]),
    past: filter([{ name: 'name', op: 'in_', val: list(101) }]),
    parameter: 'filter',
    detail: 'The "in_" list has 101 items; the limit is 100',
    pointer: '/0/val',
  },
  {
    limit: 'maxStringLength',
    code: 'value_too_long',
    at: `filter[name]=${'a'.repeat(256)}`,
    past: `filter[name]=${'a'.repeat(257)}`,
    parameter: 'filter[name]',
    detail: 'A filter value has 257 characters; the limit is 256',
  },
  {
    limit: 'maxStringLength',
    code: 'value_too_long',
    at: filter([{ name: 'name', op: 'startswith', val: 'a'.repeat(256) }]),
    past: filter([{ name: 'name', op: 'startswith', val: 'a'.repeat(257) }]),
    parameter: 'filter',
    detail: 'A filter value has 257 characters; the limit is 256',
    pointer: '/0/val',
  },
  {
    limit: 'maxWildcards',
    code: 'too_many_wildcards',
    at: filter([{ name: 'name', op: 'like', val: '%_'.repeat(5) }]),
    past: filter([{ name: 'name', op: 'like', val: `${'%_'.repeat(5)}%` }]),
    parameter: 'filter',
    detail: 'The pattern has 11 wildcards; the limit is 10',
    pointer: '/0/val',
  },
  {
    limit: 'maxMatchWords',
    code: 'too_many_words',
    at: filter([{ name: 'name', op: 'match', val: words(16) }]),
    past: filter([{ name: 'name', op: 'match', val: words(17) }]),
    parameter: 'filter',
    detail: 'The match value has 17 words; the limit is 16',
    pointer: '/0/val',
  },
  {
    limit: 'maxSortKeys',
    code: 'too_many_sort_keys',
    schema: 'shop',
    at: 'sort=total,quantity,paid,status,placed_on',
    past: 'sort=total,quantity,paid,status,placed_on,shipped_on',
    parameter: 'sort',
    detail: 'The sort has 6 keys; the limit is 5',
  },
  {
    limit: 'maxIncludeDepth',
    code: 'include_too_deep',
    at: 'include=computers.owner.computers',
    past: 'include=computers.owner.computers.owner',
    parameter: 'include',
    detail: 'The include path "computers.owner.computers.owner" has 4 relationships; the limit is 3',
  },
  {
    limit: 'maxIncludePaths',
    code: 'too_many_include_paths',
    schema: 'shop',
    at: `include=${[...ORDER_PATHS, 'customer'].join(',')}`,
    past: `include=${[...ORDER_PATHS, 'customer.audits'].join(',')}`,
    parameter: 'include',
    detail: 'The include has more than 10 paths',
  },
  {
    limit: 'maxPageSize',
    code: 'page_size_too_large',
    at: 'page[size]=100',
    past: 'page[size]=101',
    parameter: 'page[size]',
    detail: 'The page size 101 is larger than the maximum 100',
  },
  {
    limit: 'maxOffset',
    code: 'page_offset_too_large',
    at: 'page[size]=100&page[number]=1001',
    past: 'page[size]=100&page[number]=1002',
    parameter: 'page[number]',
    detail: 'Page 1002 of size 100 starts past the maximum offset 100000',
  },
  {
    limit: 'maxOffset',
    code: 'page_offset_too_large',
    at: 'page[size]=1&page[number]=100001',
    past: 'page[size]=1&page[number]=100002',
    parameter: 'page[number]',
    detail: 'Page 100002 of size 1 starts past the maximum offset 100000',
  },
];
