import type { Id } from '../layers/data-layer.js';
import { normaliseId } from '../rules/resource-id.js';
import type { ResolvedType } from '../schema/resolved-schema.js';

/**
 * Converts an id from a URL path to the type's declared id type: a string id stays
 * as it is unless it is not storable text; an integer id must be a canonical non-negative integer (`7`, not `07`,
 * `+7` or `7.0`), otherwise there is no such resource and the result is `null`.
 */
export function pathId(type: ResolvedType, id: string): Id | null {
  return normaliseId(type.idType, id);
}
