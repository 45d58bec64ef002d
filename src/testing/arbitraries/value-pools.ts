import type { Scalar } from '../../schema/infer.js';
import type { ResolvedAttribute, ResolvedType } from '../../schema/resolved-schema.js';
import type { Dataset } from './arbitrary-data.js';
import { stressIds, stressValues } from './stress-values.js';

/** Where filter values come from, besides the built-in stress pools. */
export interface ValueSources {
  /** Extra values to draw from (kept per field only where they validate). */
  readonly values?: readonly Scalar[];
  /** Records whose values filters should hit (`arbitraryData`'s output or your own fixtures). */
  readonly data?: Dataset;
}

/**
 * The distinct non-null values a filter on one field of a type may compare with:
 * the enum members (or the stress pool of the field's kind), the extra values, and
 * the values the data holds, keeping only those the field's JSON Schema accepts and
 * no longer than `maxLength`.
 */
export function valuePool(
  type: ResolvedType,
  attribute: ResolvedAttribute,
  sources: ValueSources,
  maxLength: number,
): readonly Exclude<Scalar, null>[] {
  const enumerated = attribute.definition.enum;
  const base =
    attribute.name === 'id' && attribute === type.id
      ? stressIds(type.idType)
      : (enumerated ?? stressValues(attribute.kind, attribute.integer));
  const fromData = (sources.data?.[type.name] ?? []).map((row) => row[attribute.name]);
  const pool = new Set<Exclude<Scalar, null>>();
  for (const value of [...base, ...(sources.values ?? []), ...fromData]) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    const scalar = value as Exclude<Scalar, null>;
    if (typeof scalar === 'string' && (scalar.length > maxLength || hasLoneSurrogate(scalar))) continue;
    if (typeof scalar === 'number' && (!Number.isFinite(scalar) || Object.is(scalar, -0))) continue;
    if (attribute.validate(scalar)) pool.add(scalar);
  }
  return [...pool];
}

/** A lone surrogate cannot be percent-encoded (`encodeURIComponent` throws on it). */
function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}
