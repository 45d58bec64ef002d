/**
 * The handler's limits, checked once when it is created: a server misconfiguration
 * is an error at start-up, never a 400 blamed on a client that sent nothing wrong
 * (a `maxPageSize` below the default page size would fail every plain `GET /persons`).
 */
import { DEFAULT_LIMITS, resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';

/**
 * Throws a `RangeError` naming the option when the limits are unusable: an unknown
 * limit name or type, a value that is not a non-negative integer (or `Infinity`), a
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

function checkNames(values: Partial<QueryLimits>, prefix: string): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name)) {
      throw new RangeError(`createHandler: ${prefix}.${name} is not a limit (see docs/handler.md)`);
    }
    const valid =
      name === 'allowUnpaginated'
        ? typeof value === 'boolean'
        : typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= 0));
    if (!valid) {
      const expected = name === 'allowUnpaginated' ? 'a boolean' : 'a non-negative integer or Infinity';
      throw new RangeError(`createHandler: ${prefix}.${name} must be ${expected}, not ${String(value)}`);
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
