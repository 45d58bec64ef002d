/**
 * The handler's limits, checked once when it is created: a server misconfiguration
 * is an error at start-up, never a 400 blamed on a client that sent nothing wrong
 * (a `maxPageSize` below the default page size would fail every plain `GET /persons`).
 */
import { DEFAULT_LIMITS, resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';

/** The shortest `maxCursorLength` allowed: room for a fingerprint, an id and a short key. */
const MIN_CURSOR_LENGTH = 64;

/**
 * Throws a `RangeError` naming the option when the limits are unusable: an unknown
 * limit name or type, a value that is not a non-negative integer (or `Infinity`), a
 * `pagination` other than `'offset'`/`'cursor'`, a `count` other than
 * `'exact'`/`'none'`/`undefined`, a `maxCursorLength` below 64, a
 * `defaultPageSize` above `maxPageSize`, or a `defaultPageSize` of 0 while
 * `allowUnpaginated` is `false`, checked for every type of the schema.
 *
 * @example
 * checkLimits({ maxPageSize: 10 }, ['person']);
 * // RangeError: createHandler: limits.maxPageSize (10) is below limits.defaultPageSize (30) for type person: …
 */
export function checkLimits(options: LimitOptions | undefined, types: readonly string[]): void {
  if (options === undefined) return;
  const { types: perType, ...global } = options;
  checkNames(global, 'limits');
  for (const [type, overrides] of Object.entries(perType ?? {})) {
    if (!types.includes(type)) {
      throw new RangeError(`createHandler: limits.types.${type} names no type of the schema (${types.join(', ')})`);
    }
    checkNames(overrides, `limits.types.${type}`);
  }
  for (const type of types) checkConsistent(resolveLimits(options, type), options, type);
}

/** The limits that are not counts: what each accepts, as a test and as words. */
const CHOICES: Readonly<Record<string, { readonly valid: (value: unknown) => boolean; readonly expected: string }>> = {
  allowUnpaginated: { valid: (value) => typeof value === 'boolean', expected: 'a boolean' },
  pagination: { valid: (value) => value === 'offset' || value === 'cursor', expected: "'offset' or 'cursor'" },
  count: { valid: (value) => value === 'exact' || value === 'none' || value === undefined, expected: "'exact', 'none' or undefined" },
  maxCursorLength: {
    valid: (value) => typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= MIN_CURSOR_LENGTH)),
    expected: `an integer of at least ${String(MIN_CURSOR_LENGTH)} (or Infinity): shorter cursors cannot hold a sort key`,
  },
};

function checkNames(values: Partial<QueryLimits>, prefix: string): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name)) {
      throw new RangeError(`createHandler: ${prefix}.${name} is not a limit (see docs/handler.md)`);
    }
    const choice = CHOICES[name];
    const valid =
      choice === undefined
        ? typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= 0))
        : choice.valid(value);
    if (!valid) {
      const expected = choice?.expected ?? 'a non-negative integer or Infinity';
      throw new RangeError(`createHandler: ${prefix}.${name} must be ${expected}, not ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
    }
  }
}

function checkConsistent(limits: QueryLimits, options: LimitOptions, type: string): void {
  const name = (limit: keyof QueryLimits): string =>
    options.types?.[type]?.[limit] !== undefined ? `limits.types.${type}.${limit}` : `limits.${limit}`;
  const where = ` for type ${type}`;
  if (limits.defaultPageSize > limits.maxPageSize) {
    throw new RangeError(
      `createHandler: ${name('maxPageSize')} (${String(limits.maxPageSize)}) is below ${name('defaultPageSize')} (${String(limits.defaultPageSize)})${where}: every request without page[size] would be refused`,
    );
  }
  if (limits.defaultPageSize === 0 && !limits.allowUnpaginated) {
    throw new RangeError(
      `createHandler: ${name('defaultPageSize')} is 0 (no pagination) while ${name('allowUnpaginated')} is false${where}: every request without page[size] would be refused`,
    );
  }
}
