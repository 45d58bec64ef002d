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
  const types = new Map<string, MappedType>();
  const relationshipsByType = new Map<string, Map<string, MappedRelationship>>();
  for (const type of schema.types.values()) {
    const typeMapping = Object.hasOwn(given, type.name) ? given[type.name] : undefined;
    const table: TableName = {
      schema: typeMapping?.schema,
      name: checkName(issues, type.name, undefined, typeMapping?.table ?? type.name, 'table'),
    };
    const primaryKey = checkName(issues, type.name, 'id', typeMapping?.primaryKey ?? 'id', 'primary key');
    const columns = new Map<string, string>([['id', primaryKey]]);
    const columnMap = typeMapping?.columns ?? {};
    for (const attribute of Object.keys(columnMap)) {
      if (!type.attributes.has(attribute)) {
        issues.push({ type: type.name, field: attribute, message: 'has a column mapping but is not an attribute' });
      }
    }
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
    const relationshipMap = typeMapping?.relationships ?? {};
    for (const relationship of Object.keys(relationshipMap)) {
      if (!type.relationships.has(relationship)) {
        issues.push({ type: type.name, field: relationship, message: 'has a mapping but is not a relationship' });
      }
    }
    const relationships = new Map<string, MappedRelationship>();
    relationshipsByType.set(type.name, relationships);
    types.set(type.name, { type, table, primaryKey, columns, relationships });
  }
  for (const type of schema.types.values()) {
    const relationships = relationshipsByType.get(type.name);
    if (relationships === undefined) continue;
    for (const relationship of type.relationships.values()) {
      const mapped = mapRelationship(schema, given, relationship, issues);
      if (mapped !== undefined) relationships.set(relationship.name, mapped);
    }
  }
  if (issues.length > 0) throw new SchemaError(issues);
  return { schema, types };
}

function explicitMapping(
  given: NonNullable<SqlMapping['types']>,
  type: string,
  relationship: string,
): SqlRelationshipMapping | undefined {
  const typeMapping = Object.hasOwn(given, type) ? given[type] : undefined;
  const relationships = typeMapping?.relationships ?? {};
  return Object.hasOwn(relationships, relationship) ? relationships[relationship] : undefined;
}

function mapRelationship(
  schema: ResolvedSchema,
  given: NonNullable<SqlMapping['types']>,
  relationship: ResolvedRelationship,
  issues: SchemaIssue[],
): MappedRelationship | undefined {
  const { owner, name } = relationship;
  const explicit = explicitMapping(given, owner, name);
  if (explicit !== undefined) {
    if ('joinTable' in explicit) return joinTable(issues, relationship, explicit.joinTable, false);
    const column = checkName(issues, owner, name, explicit.foreignKey, 'foreign key');
    return relationship.toMany
      ? { kind: 'target-column', relationship, column }
      : { kind: 'owner-column', relationship, column };
  }
  const inverse =
    relationship.inverse === undefined
      ? undefined
      : schema.types.get(relationship.target)?.relationships.get(relationship.inverse);
  if (!relationship.toMany) {
    // A to-one side follows an explicit mapping of its to-many inverse.
    const inverseMapping =
      inverse?.toMany === true ? explicitMapping(given, inverse.owner, inverse.name) : undefined;
    if (inverseMapping !== undefined && 'joinTable' in inverseMapping) {
      return joinTable(issues, relationship, inverseMapping.joinTable, true);
    }
    const column = inverseMapping === undefined ? `${name}_id` : inverseMapping.foreignKey;
    return { kind: 'owner-column', relationship, column };
  }
  if (inverse !== undefined && !inverse.toMany) {
    const inverseMapping = explicitMapping(given, inverse.owner, inverse.name);
    if (inverseMapping === undefined) return { kind: 'target-column', relationship, column: `${inverse.name}_id` };
    if ('joinTable' in inverseMapping) return joinTable(issues, relationship, inverseMapping.joinTable, true);
    return { kind: 'target-column', relationship, column: inverseMapping.foreignKey };
  }
  if (inverse !== undefined) {
    const inverseMapping = explicitMapping(given, inverse.owner, inverse.name);
    if (inverseMapping !== undefined && 'joinTable' in inverseMapping) {
      return joinTable(issues, relationship, inverseMapping.joinTable, true);
    }
    // Both sides to-many: one shared table, named after the side that sorts first.
    const self = `${owner}_${name}`;
    const other = `${inverse.owner}_${inverse.name}`;
    const swapped = other < self;
    return joinTable(
      issues,
      relationship,
      { table: swapped ? other : self, ownerColumn: 'source_id', targetColumn: 'target_id' },
      swapped,
    );
  }
  return joinTable(
    issues,
    relationship,
    { table: `${owner}_${name}`, ownerColumn: 'source_id', targetColumn: 'target_id' },
    false,
  );
}

function joinTable(
  issues: SchemaIssue[],
  relationship: ResolvedRelationship,
  table: SqlJoinTable,
  swapped: boolean,
): MappedRelationship {
  const { owner, name } = relationship;
  return {
    kind: 'join-table',
    relationship,
    table: { schema: table.schema, name: checkName(issues, owner, name, table.table, 'join table') },
    ownerColumn: checkName(issues, owner, name, swapped ? table.targetColumn : table.ownerColumn, 'join column'),
    targetColumn: checkName(issues, owner, name, swapped ? table.ownerColumn : table.targetColumn, 'join column'),
  };
}

function checkName(
  issues: SchemaIssue[],
  type: string,
  field: string | undefined,
  name: unknown,
  what: string,
): string {
  if (typeof name === 'string' && name.length > 0 && name.length <= 63 && !name.includes('\0')) return name;
  const issue = `has an invalid ${what} name ${JSON.stringify(name)} (1 to 63 characters, no NUL)`;
  issues.push(field === undefined ? { type, message: issue } : { type, field, message: issue });
  return String(name);
}

/**
 * The mapped type of a resource type, for code that got the name from the schema.
 *
 * @example
 * const person = requireMappedType(mapped, 'person');
 */
export function requireMappedType(mapping: ResolvedSqlMapping, type: string): MappedType {
  const found = mapping.types.get(type);
  if (found === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return found;
}

/**
 * The mapped relationship of a type, for code that got the name from the schema.
 *
 * @example
 * const owner = requireMappedRelationship(requireMappedType(mapped, 'computer'), 'owner');
 */
export function requireMappedRelationship(type: MappedType, relationship: string): MappedRelationship {
  const found = type.relationships.get(relationship);
  if (found === undefined) {
    throw new Error(`Unknown relationship "${relationship}" of type "${type.type.name}" (not in the schema)`);
  }
  return found;
}
