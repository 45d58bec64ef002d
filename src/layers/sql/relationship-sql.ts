/**
 * How a relationship becomes SQL: the correlated link of `any`/`has`, the source
 * of related reads and includes (target rows with the owner's id beside them),
 * and the LEFT JOIN chain of a dotted sort.
 */
import { sql, type RawBuilder } from 'kysely';
import type { MappedRelationship, MappedType, TableName } from './sql-mapping.js';

/** A table reference from the mapping. */
export function tableRef(table: TableName): RawBuilder<unknown> {
  return table.schema === undefined ? sql.id(table.name) : sql.id(table.schema, table.name);
}

/** `table AS alias`. */
export function aliasedTable(table: TableName, alias: string): RawBuilder<unknown> {
  return sql`${tableRef(table)} as ${sql.id(alias)}`;
}

/** A column of an aliased table. */
export function columnRef(alias: string, column: string): RawBuilder<unknown> {
  return sql.id(alias, column);
}

/**
 * The FROM clause and condition of an `EXISTS` over the related records of the
 * record aliased `ownerAlias`; the target is aliased `targetAlias`.
 */
export function existsSource(
  relationship: MappedRelationship,
  owner: MappedType,
  ownerAlias: string,
  target: MappedType,
  targetAlias: string,
): { readonly from: RawBuilder<unknown>; readonly link: RawBuilder<unknown> } {
  const targetKey = columnRef(targetAlias, target.primaryKey);
  const ownerKey = columnRef(ownerAlias, owner.primaryKey);
  switch (relationship.kind) {
    case 'owner-column':
      return {
        from: aliasedTable(target.table, targetAlias),
        link: sql`${targetKey} = ${columnRef(ownerAlias, relationship.column)}`,
      };
    case 'target-column':
      return {
        from: aliasedTable(target.table, targetAlias),
        link: sql`${columnRef(targetAlias, relationship.column)} = ${ownerKey}`,
      };
    case 'join-table': {
      const joined = joinTableSource(relationship, target, targetAlias);
      return { from: joined.from, link: sql`${joined.ownerKey} = ${ownerKey}` };
    }
  }
}

/**
 * The FROM clause giving the related rows (target aliased `targetAlias`) with the
 * owner's id as `ownerKey`, for related reads and includes filtered by owner ids.
 */
export function relatedSource(
  relationship: MappedRelationship,
  owner: MappedType,
  target: MappedType,
  targetAlias: string,
): { readonly from: RawBuilder<unknown>; readonly ownerKey: RawBuilder<unknown> } {
  const targetKey = columnRef(targetAlias, target.primaryKey);
  switch (relationship.kind) {
    case 'owner-column': {
      const ownerAlias = `${targetAlias}o`;
      return {
        from: sql`${aliasedTable(owner.table, ownerAlias)} join ${aliasedTable(target.table, targetAlias)} on ${targetKey} = ${columnRef(ownerAlias, relationship.column)}`,
        ownerKey: columnRef(ownerAlias, owner.primaryKey),
      };
    }
    case 'target-column':
      return {
        from: aliasedTable(target.table, targetAlias),
        ownerKey: columnRef(targetAlias, relationship.column),
      };
    case 'join-table':
      return joinTableSource(relationship, target, targetAlias);
  }
}

/** The join table joined to the target rows, and the join table's owner column. */
function joinTableSource(
  relationship: Extract<MappedRelationship, { kind: 'join-table' }>,
  target: MappedType,
  targetAlias: string,
): { readonly from: RawBuilder<unknown>; readonly ownerKey: RawBuilder<unknown> } {
  const joinAlias = `${targetAlias}j`;
  const targetKey = columnRef(targetAlias, target.primaryKey);
  return {
    from: sql`${aliasedTable(relationship.table, joinAlias)} join ${aliasedTable(target.table, targetAlias)} on ${targetKey} = ${columnRef(joinAlias, relationship.targetColumn)}`,
    ownerKey: columnRef(joinAlias, relationship.ownerColumn),
  };
}

/**
 * The LEFT JOINs following a to-one relationship from `ownerAlias` to the target
 * aliased `targetAlias` (for sorting by `owner.name`).
 */
export function leftJoinToOne(
  relationship: MappedRelationship,
  owner: MappedType,
  ownerAlias: string,
  target: MappedType,
  targetAlias: string,
): RawBuilder<unknown> {
  const targetKey = columnRef(targetAlias, target.primaryKey);
  switch (relationship.kind) {
    case 'owner-column':
      return sql`left join ${aliasedTable(target.table, targetAlias)} on ${targetKey} = ${columnRef(ownerAlias, relationship.column)}`;
    case 'target-column':
      return sql`left join ${aliasedTable(target.table, targetAlias)} on ${columnRef(targetAlias, relationship.column)} = ${columnRef(ownerAlias, owner.primaryKey)}`;
    case 'join-table': {
      const joinAlias = `${targetAlias}j`;
      return sql`left join ${aliasedTable(relationship.table, joinAlias)} on ${columnRef(joinAlias, relationship.ownerColumn)} = ${columnRef(ownerAlias, owner.primaryKey)} left join ${aliasedTable(target.table, targetAlias)} on ${targetKey} = ${columnRef(joinAlias, relationship.targetColumn)}`;
    }
  }
}
