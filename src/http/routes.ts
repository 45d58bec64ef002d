/**
 * The route table of the specification, for every type of the schema:
 * `/<root>`, `/<root>/<id>`, `/<root>/<id>/<relationship>` and
 * `/<root>/<id>/relationships/<relationship>`.
 */
import type { ResolvedRelationship, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';

/** A matched route; `id` is the path segment percent-decoded once. */
export type Route =
  | { readonly kind: 'collection'; readonly type: ResolvedType }
  | { readonly kind: 'resource'; readonly type: ResolvedType; readonly id: string }
  | {
      readonly kind: 'related' | 'relationship';
      readonly type: ResolvedType;
      readonly id: string;
      readonly relationship: ResolvedRelationship;
    };

/**
 * Matches a raw, percent-encoded path against the schema's routes. Every segment
 * is decoded once; an empty segment (a trailing slash, `//`), a malformed
 * percent-escape, an unknown root or relationship, or extra segments match nothing
 * (`undefined`, a 404).
 */
export function matchRoute(schema: ResolvedSchema, path: string): Route | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = path.slice(1).split('/');
  if (segments.length > 4) return undefined;
  const decoded: string[] = [];
  for (const segment of segments) {
    const value = decodeSegment(segment);
    if (value === undefined || value === '') return undefined;
    decoded.push(value);
  }
  const [root = '', id, third, fourth] = decoded;
  const type = schema.roots.get(root);
  if (type === undefined) return undefined;
  if (id === undefined) return { kind: 'collection', type };
  if (third === undefined) return { kind: 'resource', type, id };
  if (fourth === undefined) {
    const relationship = type.relationships.get(third);
    return relationship === undefined ? undefined : { kind: 'related', type, id, relationship };
  }
  if (third !== 'relationships') return undefined;
  const relationship = type.relationships.get(fourth);
  return relationship === undefined ? undefined : { kind: 'relationship', type, id, relationship };
}

function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
