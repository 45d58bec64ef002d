/**
 * Cursors for property tests of cursor pagination (docs/testing.md): the key values
 * of a valid cursor for a type and sort, and near-valid cursor texts that the parser
 * must refuse with `invalid_cursor` (garbage, another sort, a value of the wrong type,
 * the wrong number of values, past `maxCursorLength`).
 */
import fc from 'fast-check';
import type { KeyValue, SortKey } from '../../ast/query-ast.js';
import { resolveLimits, type LimitOptions } from '../../limits.js';
import { encodeCursor } from '../../paging/cursor-codec.js';
import { toBase64Url } from '../../paging/base64url.js';
import { sortFingerprint } from '../../paging/sort-fingerprint.js';
import { flipDirection } from '../../rules/sort-direction.js';
import { isUnstorable } from '../../rules/string-rules.js';
import { resolveSchema, type ResolvedAttribute, type ResolvedType } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { valuePool, type ValueSources } from './value-pools.js';

/** Options of the cursor arbitraries: where values come from, and the limits cursors are parsed with. */
export interface ArbitraryCursorOptions extends ValueSources {
  readonly limits?: LimitOptions;
}

/**
 * The key values of a valid cursor of `type` under `sort` (one per key, the last the
 * `id`): values each field's schema accepts, `null` where the field is nullable or
 * reached through a to-one relationship.
 *
 * @example
 * fc.sample(arbitraryCursorValues(exampleSchema, 'person', sort), 1); // [['1990-04-02', '7']]
 */
export function arbitraryCursorValues(
  schema: ResourceSchema,
  type: string,
  sort: readonly SortKey[],
  options: ArbitraryCursorOptions = {},
): fc.Arbitrary<readonly KeyValue[]> {
  const resolved = resolveSchema(schema);
  const maxLength = resolveLimits(options.limits, type).maxStringLength;
  const keys = sort.map((key) => {
    let owner = resolved.types.get(type) as ResolvedType;
    for (const step of key.path) owner = resolved.types.get(owner.relationships.get(step)?.target ?? '') as ResolvedType;
    const attribute = (key.field === 'id' ? owner.id : owner.attributes.get(key.field)) as ResolvedAttribute;
    const pool: KeyValue[] = valuePool(owner, attribute, options, maxLength).filter(
      (value) => typeof value !== 'string' || !isUnstorable(value),
    );
    if (key.path.length > 0 || attribute.nullable) pool.push(null);
    return fc.constantFrom(...pool);
  });
  return fc.tuple(...keys);
}

/**
 * Cursor texts close to a valid one for `type` under `sort`, each of which the parser
 * refuses with `invalid_cursor`: garbage, a cursor made for another sort or type, a
 * value of the wrong type, one value too few or too many, or one character past
 * `maxCursorLength`.
 *
 * @example
 * fc.assert(fc.property(arbitraryNearValidCursor(exampleSchema, 'person', sort), (cursor) => {
 *   expect(safeParseQuery(`sort=-birth_date&page[after]=${cursor}`, options).success).toBe(false);
 * }));
 */
export function arbitraryNearValidCursor(
  schema: ResourceSchema,
  type: string,
  sort: readonly SortKey[],
  options: ArbitraryCursorOptions = {},
): fc.Arbitrary<string> {
  const maxCursorLength = resolveLimits(options.limits, type).maxCursorLength;
  const values = arbitraryCursorValues(schema, type, sort, options);
  const flipped = sort.map((key, index): SortKey => (index === 0 ? { ...key, direction: flipDirection(key.direction) } : key));
  const fingerprint = sortFingerprint(type, sort);
  const tooLong = Number.isFinite(maxCursorLength) ? [fc.constant('A'.repeat(maxCursorLength + 1))] : [];
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }).map((text) => `${toBase64Url(text)}!`),
    fc.string({ maxLength: 40 }).map((text) => toBase64Url(text)).filter((text) => !text.startsWith('Wy')),
    values.map((chosen) => encodeCursor(type, flipped, chosen)),
    values.map((chosen) => encodeCursor(`${type}~`, sort, chosen)),
    values.map((chosen) => encodeCursor(type, sort, chosen.slice(0, -1))),
    values.map((chosen) => encodeCursor(type, sort, [...chosen, chosen.at(-1) ?? null])),
    fc
      .tuple(values, fc.nat(), fc.constantFrom<unknown>({ a: 1 }, [1], 1.5, 'xyz', true))
      .filter(([chosen, index, wrong]) => !sameKind(chosen[index % chosen.length], wrong))
      .map(([chosen, index, wrong]) => {
        const forged: unknown[] = [...chosen];
        forged[index % chosen.length] = wrong;
        return toBase64Url(JSON.stringify([fingerprint, ...forged]));
      }),
    ...tooLong,
  );
}

/**
 * Whether a replacement might still be valid for the slot it replaces: a scalar of
 * the same JSON kind, or any scalar in place of a null (the slot's field may take it).
 */
function sameKind(value: KeyValue | undefined, replacement: unknown): boolean {
  return typeof replacement !== 'object' && (value === null || typeof value === typeof replacement);
}
