/**
 * The names a type reaches through its relationships, as the parser resolves them:
 * relationship chains for `rel__field` filter shortcuts, dotted sort keys through
 * to-one relationships, and include paths.
 */
import type { FilterNodeKind } from '../ast/filter-node.js';
import type { ResolvedRelationship, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import { sortKeyText } from '../rules/sort-key-text.js';

/** A chain of relationships from a type: their names in order and the type it ends at. */
export interface RelationshipChain {
  readonly names: readonly string[];
  readonly last: ResolvedRelationship;
  readonly target: ResolvedType;
}

/**
 * The relationship chains of one to `maxLength` hops a filter may follow from a
 * type: every relationship filterable, its node kind (`any`/`has`) evaluated.
 */
export function filterChains(
  schema: ResolvedSchema,
  from: ResolvedType,
  maxLength: number,
  nodes: ReadonlySet<FilterNodeKind>,
): RelationshipChain[] {
  return chains(schema, from, maxLength, (relationship) => relationship.filterable && nodes.has(relationship.toMany ? 'any' : 'has'));
}

/**
 * The sort keys of a type: `id` and every sortable attribute, and the same through
 * chains of up to `maxHops` to-one relationships (`owner.name`); each ascending and
 * with a leading `-`.
 */
export function sortKeys(schema: ResolvedSchema, from: ResolvedType, maxHops: number): string[] {
  const keys: string[] = [];
  const add = (path: readonly string[], type: ResolvedType) => {
    for (const attribute of [type.id, ...type.attributes.values()]) {
      if (!attribute.sortable) continue;
      const field = attribute.name;
      keys.push(sortKeyText({ path, field, direction: 'asc' }), sortKeyText({ path, field, direction: 'desc' }));
    }
  };
  add([], from);
  for (const chain of chains(schema, from, maxHops, (relationship) => !relationship.toMany)) {
    add(chain.names, chain.target);
  }
  return keys;
}

/** The include paths of a type up to `maxDepth` relationships (`computers.owner`). */
export function includePaths(schema: ResolvedSchema, from: ResolvedType, maxDepth: number): string[] {
  return chains(schema, from, maxDepth, () => true).map((chain) => chain.names.join('.'));
}

/** The types a document's `included` can hold when include paths start at `from`. */
export function includableTypes(schema: ResolvedSchema, from: ResolvedType, maxDepth: number): ResolvedType[] {
  const found = new Map<string, ResolvedType>();
  for (const chain of chains(schema, from, maxDepth, () => true)) found.set(chain.target.name, chain.target);
  return [...schema.types.values()].filter((type) => found.has(type.name));
}

/** Every chain of 1 to `maxLength` relationships passing `allowed`, breadth first, in declaration order. */
function chains(
  schema: ResolvedSchema,
  from: ResolvedType,
  maxLength: number,
  allowed: (relationship: ResolvedRelationship) => boolean,
): RelationshipChain[] {
  const result: RelationshipChain[] = [];
  let frontier: readonly { names: readonly string[]; type: ResolvedType }[] = [{ names: [], type: from }];
  for (let length = 1; length <= maxLength && frontier.length > 0; length++) {
    const next: { names: readonly string[]; type: ResolvedType }[] = [];
    for (const { names, type } of frontier) {
      for (const relationship of type.relationships.values()) {
        if (!allowed(relationship)) continue;
        const target = schema.types.get(relationship.target) as ResolvedType;
        const chain = { names: [...names, relationship.name], last: relationship, target };
        result.push(chain);
        next.push({ names: chain.names, type: target });
      }
    }
    frontier = next;
  }
  return result;
}
