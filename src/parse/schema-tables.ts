import type { IncludePath, SortKey } from '../ast/query-ast.js';
import type { ResolvedAttribute, ResolvedRelationship, ResolvedSchema, ResolvedType } from '../schema/resolved-schema.js';
import { resolveSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';

/** A name of a type as filter, sort, include and fields see it: `id`, an attribute, or a relationship. */
export type Member =
  | { readonly kind: 'attribute'; readonly attribute: ResolvedAttribute }
  | { readonly kind: 'relationship'; readonly relationship: ResolvedRelationship; readonly target: TypeTable };

/** One resource type with a single lookup table for all its member names. */
export interface TypeTable {
  readonly type: ResolvedType;
  /** `id`, attributes and relationships by name. */
  readonly members: ReadonlyMap<string, Member>;
  /** The frozen sort keys of `id` and every sortable attribute by their text (`name`, `-name`), so a plain key allocates nothing. */
  readonly sortKeys: ReadonlyMap<string, SortKey>;
  /** The frozen one-step include path of every relationship. */
  readonly includePaths: ReadonlyMap<string, IncludePath>;
}

const NO_PATH: readonly string[] = Object.freeze([]);

/** The parser's view of a schema, computed once per schema object. */
export interface SchemaTables {
  readonly resolved: ResolvedSchema;
  readonly types: ReadonlyMap<string, TypeTable>;
}

const cache = new WeakMap<ResourceSchema, SchemaTables>();

/**
 * The parser's lookup tables for a schema (validated by `resolveSchema` the first
 * time), cached by schema object so each parse costs map lookups only. Every table
 * is a `Map`: client text never reaches an object's prototype.
 */
export function schemaTables(schema: ResourceSchema): SchemaTables {
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const resolved = resolveSchema(schema);
  const types = new Map<string, TypeTable>();
  const members = new Map<string, Map<string, Member>>();
  for (const [name, type] of resolved.types) {
    const table = new Map<string, Member>();
    members.set(name, table);
    types.set(name, { type, members: table, sortKeys: sortKeysOf(type), includePaths: includePathsOf(type) });
  }
  for (const [name, type] of resolved.types) {
    const table = members.get(name) as Map<string, Member>;
    table.set('id', { kind: 'attribute', attribute: type.id });
    for (const [attributeName, attribute] of type.attributes) table.set(attributeName, { kind: 'attribute', attribute });
    for (const [relationshipName, relationship] of type.relationships) {
      const target = types.get(relationship.target) as TypeTable;
      table.set(relationshipName, { kind: 'relationship', relationship, target });
    }
  }
  const tables: SchemaTables = { resolved, types };
  cache.set(schema, tables);
  return tables;
}

function sortKeysOf(type: ResolvedType): ReadonlyMap<string, SortKey> {
  const keys = new Map<string, SortKey>();
  for (const attribute of [type.id, ...type.attributes.values()]) {
    if (!attribute.sortable) continue;
    const field = attribute.name;
    keys.set(field, Object.freeze({ path: NO_PATH, field, direction: 'asc' }));
    keys.set(`-${field}`, Object.freeze({ path: NO_PATH, field, direction: 'desc' }));
  }
  return keys;
}

function includePathsOf(type: ResolvedType): ReadonlyMap<string, IncludePath> {
  return new Map([...type.relationships.keys()].map((name) => [name, Object.freeze([name])]));
}
