/**
 * Where each relationship of a schema is stored in SQL, from the mapping's explicit
 * entries and the defaults derived from the schema (docs/sql-layer.md).
 */
import type { ResolvedRelationship, ResolvedSchema } from '../../schema/resolved-schema.js';
import type { SchemaIssue } from '../../schema/schema-error.js';
import { checkName } from './mapping-names.js';
import type { MappedRelationship, SqlJoinTable, SqlMapping, SqlRelationshipMapping } from './sql-mapping.js';

function explicitMapping(
  given: NonNullable<SqlMapping['types']>,
  type: string,
  relationship: string,
): SqlRelationshipMapping | undefined {
  const typeMapping = Object.hasOwn(given, type) ? given[type] : undefined;
  const relationships = typeMapping?.relationships ?? {};
  return Object.hasOwn(relationships, relationship) ? relationships[relationship] : undefined;
}

/**
 * How one relationship is stored: the explicit mapping of it, else of its inverse,
 * else the default (a foreign key beside a to-one side, a shared join table for a
 * many-to-many pair, `<type>_<relationship>` otherwise), see docs/sql-layer.md.
 */
export function mapRelationship(
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
