/**
 * The id rule: the text of a resource id, from a path (`/computers/7`) or a request
 * document (`"id": "7"`), in the normalised form a data layer compares
 * (docs/data-layer.md): storable text for `string` ids, a canonical non-negative
 * exact integer for `integer` ids (`7`, not `07`, `+7` or `7.0`).
 */
import type { IdType } from '../schema/schema.js';
import { canonicalIntegerText } from './number-rules.js';
import { storableText } from './string-rules.js';

/**
 * The normalised id of an id text, or `null` when no resource of that id type can have it.
 */
export function normaliseId(idType: IdType, text: string): string | number | null {
  if (idType === 'string') return storableText.check(text) ? text : null;
  return canonicalIntegerText.check(text) ? Number(text) : null;
}
