/**
 * The mapping from a resource schema to database tables: a table per type, a
 * column per attribute, the primary key, and per relationship its foreign key or
 * join table. Every part has a default derived from the schema, so an empty
 * mapping describes the tables `createTables` creates.
 */
import type {
  ResolvedRelationship,
  ResolvedSchema,
  ResolvedType,
} from '../../schema/resolved-schema.js';
import { SchemaError, type SchemaIssue } from '../../schema/schema-error.js';
import { checkName } from './mapping-names.js';
import { mapRelationship } from './relationship-mapping.js';

/**
 * How the types of a schema are stored. Every member is optional.
 *
 * @example
 * const mapping: SqlMapping = {
 *   types: {
 *     person: { table: 'people', columns: { display_name: 'full_name' } },
 *     computer: { relationships: { owner: { foreignKey: 'person_id' } } },
 *   },
 * };
 */
export interface SqlMapping {
  readonly types?: { readonly [type: string]: SqlTypeMapping };
}

/** The table of one resource type. */
export interface SqlTypeMapping {
  /** Default: the type name. */
  readonly table?: string;
  /** The database schema (PostgreSQL) or database (MySQL) holding the table; default: the connection's. */
  readonly schema?: string;
  /** Default: `id`. */
  readonly primaryKey?: string;
  /** Column per attribute; default: the attribute name. */
  readonly columns?: { readonly [attribute: string]: string };
  readonly relationships?: { readonly [relationship: string]: SqlRelationshipMapping };
}

/**
 * Where a relationship is stored:
 * - `foreignKey`: for a to-one relationship a column of the owner's table holding the
 *   target's id (default `<relationship>_id`); for a to-many one a column of the
 *   target's table holding the owner's id (default: the column of the to-one inverse).
 * - `joinTable`: a table of (owner id, target id) pairs (default for to-many
 *   relationships without a to-one inverse: table `<type>_<relationship>`, columns
 *   `source_id` and `target_id`, shared with a to-many inverse).
 */
export type SqlRelationshipMapping =
  | { readonly foreignKey: string }
  | { readonly joinTable: SqlJoinTable };

/** A join table of a relationship, seen from the owner of the relationship. */
export interface SqlJoinTable {
  readonly table: string;
  readonly schema?: string;
  /** The column holding the owner's id. */
  readonly ownerColumn: string;
  /** The column holding the target's id. */
  readonly targetColumn: string;
}

/** A table name, optionally qualified by a schema. */
export interface TableName {
  readonly schema: string | undefined;
  readonly name: string;
}

/** How one relationship is reached in SQL. */
export type MappedRelationship =
  | {
      /** The owner's table holds the target's id (to-one). */
      readonly kind: 'owner-column';
      readonly relationship: ResolvedRelationship;
      readonly column: string;
    }
  | {
      /** The target's table holds the owner's id (to-many with a to-one inverse). */
      readonly kind: 'target-column';
      readonly relationship: ResolvedRelationship;
      readonly column: string;
    }
  | {
      readonly kind: 'join-table';
      readonly relationship: ResolvedRelationship;
      readonly table: TableName;
      readonly ownerColumn: string;
      readonly targetColumn: string;
    };

/** One resource type with its table, columns and relationships resolved. */
export interface MappedType {
  readonly type: ResolvedType;
  readonly table: TableName;
  readonly primaryKey: string;
  /** Column per field name, `id` included. */
  readonly columns: ReadonlyMap<string, string>;
  readonly relationships: ReadonlyMap<string, MappedRelationship>;
}

/** The whole mapping, resolved and checked against the schema. */
export interface ResolvedSqlMapping {
  readonly schema: ResolvedSchema;
  readonly types: ReadonlyMap<string, MappedType>;
}

/**
 * Resolves a mapping against a schema, filling in every default, and throws a
 * `SchemaError` naming the type and field of every problem (unknown types, fields
 * or relationships, empty names, two fields on one column).
 *
 * @example
 * const mapped = resolveSqlMapping(resolveSchema(exampleSchema), {});
 * mapped.types.get('computer')?.relationships.get('owner'); // { kind: 'owner-column', column: 'owner_id', … }
 */
export function resolveSqlMapping(schema: ResolvedSchema, mapping: SqlMapping = {}): ResolvedSqlMapping {
  const issues: SchemaIssue[] = [];
  const given = mapping.types ?? {};
  for (const typeName of Object.keys(given)) {
    if (!schema.types.has(typeName)) issues.push({ type: typeName, message: 'is mapped but not in the schema' });
  }
  const mappedTypes = [...schema.types.values()].map((type) =>
    mapType(type, Object.hasOwn(given, type.name) ? given[type.name] : undefined, issues),
  );
  const types = new Map<string, MappedType>();
  for (const mapped of mappedTypes) {
    const relationships = new Map<string, MappedRelationship>();
    for (const relationship of mapped.type.relationships.values()) {
      const stored = mapRelationship(schema, given, relationship, issues);
      if (stored !== undefined) relationships.set(relationship.name, stored);
    }
    types.set(mapped.type.name, { ...mapped, relationships });
  }
  if (issues.length > 0) throw new SchemaError(issues);
  return { schema, types };
}

/** The table, primary key and columns of one type; unknown attributes and relationships of its mapping are issues. */
function mapType(
  type: ResolvedType,
  typeMapping: SqlTypeMapping | undefined,
  issues: SchemaIssue[],
): Omit<MappedType, 'relationships'> {
  const table: TableName = {
    schema: typeMapping?.schema,
    name: checkName(issues, type.name, undefined, typeMapping?.table ?? type.name, 'table'),
  };
  const primaryKey = checkName(issues, type.name, 'id', typeMapping?.primaryKey ?? 'id', 'primary key');
  const columns = mapColumns(type, typeMapping?.columns ?? {}, primaryKey, issues);
  for (const relationship of Object.keys(typeMapping?.relationships ?? {})) {
    if (!type.relationships.has(relationship)) {
      issues.push({ type: type.name, field: relationship, message: 'has a mapping but is not a relationship' });
    }
  }
  return { type, table, primaryKey, columns };
}

/** The column of `id` and of every attribute, each used by one field only. */
function mapColumns(
  type: ResolvedType,
  columnMap: { readonly [attribute: string]: string },
  primaryKey: string,
  issues: SchemaIssue[],
): Map<string, string> {
  for (const attribute of Object.keys(columnMap)) {
    if (!type.attributes.has(attribute)) {
      issues.push({ type: type.name, field: attribute, message: 'has a column mapping but is not an attribute' });
    }
  }
  const columns = new Map<string, string>([['id', primaryKey]]);
  for (const attribute of type.attributes.keys()) {
    const column = Object.hasOwn(columnMap, attribute) ? columnMap[attribute] : undefined;
    columns.set(attribute, checkName(issues, type.name, attribute, column ?? attribute, 'column'));
  }
  const seen = new Map<string, string>();
  for (const [field, column] of columns) {
    const previous = seen.get(column);
    if (previous !== undefined) {
      issues.push({ type: type.name, field, message: `uses column "${column}", already used by "${previous}"` });
    }
    seen.set(column, field);
  }
  return columns;
}

/** The mapped type of a resource type, for code that got the name from the schema. */
export function requireMappedType(mapping: ResolvedSqlMapping, type: string): MappedType {
  const found = mapping.types.get(type);
  if (found === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return found;
}

/** The mapped relationship of a type, for code that got the name from the schema. */
export function requireMappedRelationship(type: MappedType, relationship: string): MappedRelationship {
  const found = type.relationships.get(relationship);
  if (found === undefined) {
    throw new Error(`Unknown relationship "${relationship}" of type "${type.type.name}" (not in the schema)`);
  }
  return found;
}
