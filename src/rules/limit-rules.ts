/**
 * The rules of the query budget's limits, one per limit, checked where limits enter
 * (`createHandler` at start-up, `parseQuery` on first use of an options object): a
 * misconfiguration is a `RangeError` naming the option, never a 400 blamed on a
 * client that sent nothing wrong.
 */
import { resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';

/** What a limit accepts, as a check and as words. */
interface Accepts {
  readonly check: (value: unknown) => boolean;
  readonly expected: string;
}

/** One limit's rule: what it accepts; what a server accepts at start-up, where stricter; its bound on server-written filters. */
interface LimitRule extends Accepts {
  /** Stricter at start-up (`createHandler`): a value that would fail clients systematically. */
  readonly atStartUp?: Accepts;
  /** The bound on filters the server writes itself (scope filters); absent: the configured limit holds. */
  readonly trusted?: number;
}

/** The shortest `maxCursorLength` allowed: room for a fingerprint, an id and a short key. */
const MIN_CURSOR_LENGTH = 64;

const isCount = (value: unknown, least = 0): boolean =>
  typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= least));
const count = (trusted?: number): LimitRule => ({
  check: (value) => isCount(value),
  expected: 'a non-negative integer or Infinity',
  ...(trusted === undefined ? {} : { trusted }),
});
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** Every limit and its rule: the one list of limit names. */
export const LIMIT_RULES: { readonly [Name in keyof QueryLimits]: LimitRule } = Object.freeze({
  maxQueryLength: count(UNBOUNDED),
  maxParameters: count(),
  maxFilterLength: count(UNBOUNDED),
  maxFilterDepth: count(64),
  maxFilterNodes: count(UNBOUNDED),
  maxPathHops: count(16),
  maxListItems: count(UNBOUNDED),
  maxStringLength: count(UNBOUNDED),
  maxWildcards: count(UNBOUNDED),
  maxMatchWords: count(UNBOUNDED),
  maxSortKeys: count(),
  maxIncludeDepth: count(),
  maxIncludePaths: count(),
  maxIncluded: count(),
  defaultPageSize: count(),
  maxPageSize: count(),
  allowUnpaginated: { check: (value) => typeof value === 'boolean', expected: 'a boolean' },
  maxUnpaginatedRows: count(),
  maxOffset: count(),
  maxIdLength: count(),
  maxCursorLength: {
    ...count(),
    atStartUp: {
      check: (value) => isCount(value, MIN_CURSOR_LENGTH),
      expected: `an integer of at least ${String(MIN_CURSOR_LENGTH)} (or Infinity): shorter cursors cannot hold a sort key`,
    },
  },
  maxBodyBytes: count(),
  maxBodyDepth: count(),
  maxOperations: count(),
  maxLinkageItems: count(),
  pagination: { check: (value) => value === 'offset' || value === 'cursor', expected: "'offset' or 'cursor'" },
  count: {
    check: (value) => value === 'exact' || value === 'estimated' || value === 'none' || value === undefined,
    expected: "'exact', 'estimated', 'none' or undefined",
  },
  maxExactCount: count(),
});

/** The limits of filters the server writes itself (scope filters): the budget guards against clients, not the server. */
export const TRUSTED_LIMITS: LimitOptions = Object.freeze(
  Object.fromEntries(
    Object.entries(LIMIT_RULES).flatMap(([name, rule]) => (rule.trusted === undefined ? [] : [[name, rule.trusted]])),
  ),
);

/**
 * Who reads the limits, named in the errors. `createHandler` also refuses, at
 * start-up, what would fail clients systematically (a `defaultPageSize` above
 * `maxPageSize`, a `maxCursorLength` too short for a cursor); `parseQuery` answers
 * those with the 400 of the request, as it always has.
 */
export type LimitsReader = 'createHandler' | 'parseQuery';

/**
 * Throws a `RangeError` naming the option when the limits are unusable: an unknown
 * limit name or type, a value its rule does not accept (at start-up, a stricter
 * rule where it has one), a `defaultPageSize` above `maxPageSize` (at start-up), or a `defaultPageSize` of 0 while
 * `allowUnpaginated` is `false`, checked for each of `types` (the schema's).
 */
export function checkLimits(options: LimitOptions | undefined, types: readonly string[], reader: LimitsReader): void {
  if (options === undefined) return;
  const { types: perType, ...global } = options;
  checkValues(global, 'limits', reader);
  for (const [type, overrides] of Object.entries(perType ?? {})) {
    if (!types.includes(type)) {
      throw new RangeError(`${reader}: limits.types.${type} names no type of the schema (${types.join(', ')})`);
    }
    checkValues(overrides, `limits.types.${type}`, reader);
  }
  for (const type of types) checkConsistent(resolveLimits(options, type), options, type, reader);
}

function checkValues(values: Partial<QueryLimits>, prefix: string, caller: LimitsReader): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(LIMIT_RULES, name)) throw new RangeError(`${caller}: ${prefix}.${name} is not a limit (see docs/handler.md)`);
    const limit = LIMIT_RULES[name as keyof QueryLimits];
    const rule = caller === 'createHandler' ? (limit.atStartUp ?? limit) : limit;
    if (!rule.check(value)) {
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      throw new RangeError(`${caller}: ${prefix}.${name} must be ${rule.expected}, not ${shown}`);
    }
  }
}

function checkConsistent(limits: QueryLimits, options: LimitOptions, type: string, reader: LimitsReader): void {
  const name = (limit: keyof QueryLimits): string =>
    options.types?.[type]?.[limit] !== undefined ? `limits.types.${type}.${limit}` : `limits.${limit}`;
  const where = ` for type ${type}`;
  if (reader === 'createHandler' && limits.defaultPageSize > limits.maxPageSize) {
    throw new RangeError(
      `${reader}: ${name('maxPageSize')} (${String(limits.maxPageSize)}) is below ${name('defaultPageSize')} (${String(limits.defaultPageSize)})${where}: every request without page[size] would be refused`,
    );
  }
  if (limits.defaultPageSize === 0 && !limits.allowUnpaginated) {
    throw new RangeError(
      `${reader}: ${name('defaultPageSize')} is 0 (no pagination) while ${name('allowUnpaginated')} is false${where}: every request without page[size] would be refused`,
    );
  }
}
