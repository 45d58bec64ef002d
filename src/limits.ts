/**
 * The query budget: every limit the parser and the handler enforce. A breach is a
 * JSON:API error naming the parameter and the limit; nothing is clamped silently.
 */
export interface QueryLimits {
  /** Bytes in the raw query string (414 past it). */
  readonly maxQueryLength: number;
  /** Query parameters in one request. */
  readonly maxParameters: number;
  /** Characters of the `filter` JSON text. */
  readonly maxFilterLength: number;
  /** Nesting of and/or/not/any/has (shortcuts included), checked before `JSON.parse`. */
  readonly maxFilterDepth: number;
  /** Nodes of one filter (comparisons and boolean/relationship nodes). */
  readonly maxFilterNodes: number;
  /** Relationship hops in one filter path or sort path. */
  readonly maxPathHops: number;
  /** Items of one `in_`/`notin_` list. */
  readonly maxListItems: number;
  /** Characters of one string value. */
  readonly maxStringLength: number;
  /** Wildcards (`%`, `_`) in one `like`-family pattern. */
  readonly maxWildcards: number;
  /** Words in one `match` value. */
  readonly maxMatchWords: number;
  /** Keys in `sort`. */
  readonly maxSortKeys: number;
  /** Relationships in one include path. */
  readonly maxIncludeDepth: number;
  /** Paths in `include`. */
  readonly maxIncludePaths: number;
  /** Resources in `included`. */
  readonly maxIncluded: number;
  /** Page size when `page[size]` is not given. */
  readonly defaultPageSize: number;
  /** Largest page size, explicit or default. */
  readonly maxPageSize: number;
  /** Whether `page[size]=0` may disable pagination. */
  readonly allowUnpaginated: boolean;
  /** Rows a read with `page[size]=0` may return. */
  readonly maxUnpaginatedRows: number;
  /** Largest offset, `(page[number] - 1) × page[size]`. */
  readonly maxOffset: number;
  /** Characters of a resource id in a path (404 past it). */
  readonly maxIdLength: number;
  /** Characters of one `page[after]`/`page[before]` cursor. */
  readonly maxCursorLength: number;
  /** UTF-8 bytes of a write's request body (413 past it). */
  readonly maxBodyBytes: number;
  /** Nesting of arrays and objects in a write's request document, the document itself being level 1. */
  readonly maxBodyDepth: number;
  /** Operations in one Atomic Operations request. */
  readonly maxOperations: number;
  /** Resource identifiers in one to-many relationship's `data` of a write. */
  readonly maxLinkageItems: number;
  /**
   * The page form of a request that names neither `page[number]` nor a cursor:
   * `'offset'` (numbered pages, the default) or `'cursor'` (cursor links, and
   * `page[number]` is a 400). A client naming a form gets it in either mode.
   */
  readonly pagination: 'offset' | 'cursor';
  /**
   * Whether a page carries `meta.count`, a count over the whole filter:
   * `'exact'`, `'estimated'` or `'none'`. `undefined` (the default): `'exact'` on
   * pages by number, `'none'` on pages by cursor. `'estimated'` (as PostgREST's
   * `count=estimated`): the exact count up to `maxExactCount`, above it the layer's
   * estimate where it has one (the PostgreSQL planner's); `meta.countKind` says which,
   * and pages by number link `next` from one more row, never `last` from an estimate.
   */
  readonly count: 'exact' | 'estimated' | 'none' | undefined;
  /** With `count: 'estimated'`: the largest count always given exactly. */
  readonly maxExactCount: number;
}

/**
 * The defaults (docs/query-syntax.md, "Limits").
 *
 * @example
 * parseQuery(query, { schema, type: 'person', limits: { ...DEFAULT_LIMITS, maxPageSize: 500 } });
 */
export const DEFAULT_LIMITS: QueryLimits = Object.freeze({
  maxQueryLength: 8192,
  maxParameters: 100,
  maxFilterLength: 4096,
  maxFilterDepth: 10,
  maxFilterNodes: 100,
  maxPathHops: 3,
  maxListItems: 100,
  maxStringLength: 256,
  maxWildcards: 10,
  maxMatchWords: 16,
  maxSortKeys: 5,
  maxIncludeDepth: 3,
  maxIncludePaths: 10,
  maxIncluded: 1000,
  defaultPageSize: 30,
  maxPageSize: 100,
  allowUnpaginated: true,
  maxUnpaginatedRows: 10_000,
  maxOffset: 100_000,
  maxIdLength: 64,
  maxCursorLength: 1024,
  maxBodyBytes: 1_048_576,
  maxBodyDepth: 32,
  maxOperations: 100,
  maxLinkageItems: 1000,
  pagination: 'offset',
  count: undefined,
  maxExactCount: 1000,
});

/**
 * Limits as options take them: any subset of the defaults, plus overrides per
 * resource type (the type the request reads).
 *
 * @example
 * { maxPageSize: 50, types: { computer: { maxPageSize: 500 } } }
 */
export type LimitOptions = Partial<QueryLimits> & {
  readonly types?: { readonly [type: string]: Partial<QueryLimits> };
};

const resolved = new WeakMap<LimitOptions, Map<string, QueryLimits>>();

/**
 * The limits in force for one type: defaults, then the options, then the type's
 * overrides. Cached by options object and type, so a request allocates no limits
 * (treat an options object as frozen once it is in use).
 *
 * @example
 * resolveLimits({ maxPageSize: 50 }, 'person').maxPageSize; // 50
 */
export function resolveLimits(options: LimitOptions | undefined, type: string): QueryLimits {
  if (options === undefined) return DEFAULT_LIMITS;
  let byType = resolved.get(options);
  if (byType === undefined) {
    byType = new Map();
    resolved.set(options, byType);
  }
  let limits = byType.get(type);
  if (limits === undefined) {
    const { types, ...global } = options;
    const perType = types !== undefined && Object.hasOwn(types, type) ? types[type] : undefined;
    limits = Object.freeze({ ...DEFAULT_LIMITS, ...global, ...perType });
    byType.set(type, limits);
  }
  return limits;
}
