/**
 * The statements that change a relationship where the mapping stores it: a foreign
 * key on the owner's row (to-one), on the target's row (to-many with a to-one
 * inverse), or a pair in a join table. Each reads or changes one link; the write
 * list (apply-operations.ts) keeps both sides of an inverse pair consistent.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Id } from '../data-layer.js';
import { tableRef } from './relationship-sql.js';
import { decodeId } from './row-codec.js';
import type { SqlExecutor } from './sql-executor.js';
import { type MappedRelationship, type ResolvedSqlMapping, requireMappedType, type TableName } from './sql-mapping.js';

/** A relationship with the tables of its owner and target. */
export interface StoredRelationship {
  readonly mapped: MappedRelationship;
  readonly ownerTable: TableName;
  readonly ownerKey: string;
  readonly targetTable: TableName;
  readonly targetKey: string;
}

/**
 * The relationship `name` of `type` with its tables.
 */
export function storedRelationship(mapping: ResolvedSqlMapping, type: string, name: string): StoredRelationship {
  const owner = requireMappedType(mapping, type);
  const mapped = owner.relationships.get(name);
  if (mapped === undefined) throw new Error(`Unknown relationship "${type}.${name}" (not in the schema)`);
  const target = requireMappedType(mapping, mapped.relationship.target);
  return { mapped, ownerTable: owner.table, ownerKey: owner.primaryKey, targetTable: target.table, targetKey: target.primaryKey };
}

/** Where a link is physically stored: a column of a table, or the ordered columns of a join table. */
function storage(stored: StoredRelationship): { readonly table: TableName; readonly columns: readonly string[] } {
  const { mapped } = stored;
  switch (mapped.kind) {
    case 'owner-column':
      return { table: stored.ownerTable, columns: [mapped.column] };
    case 'target-column':
      return { table: stored.targetTable, columns: [mapped.column] };
    case 'join-table':
      return { table: mapped.table, columns: [mapped.ownerColumn, mapped.targetColumn] };
  }
}

/**
 * Whether a relationship and its inverse are one stored link seen from both ends
 * (`computer.owner` and `person.computers` on `computer.owner_id`; a many-to-many
 * pair on one join table): changing one side changes the other.
 */
export function sharesStorage(one: StoredRelationship, other: StoredRelationship): boolean {
  const a = storage(one);
  const b = storage(other);
  const sameTable = a.table.name === b.table.name && a.table.schema === b.table.schema;
  if (!sameTable || a.columns.length !== b.columns.length) return false;
  return a.columns.length === 1 ? a.columns[0] === b.columns[0] : a.columns[0] === b.columns[1] && a.columns[1] === b.columns[0];
}

/** Whether the link is a column the update of one row sets (so setting it displaces the value it held). */
export function isColumn(stored: StoredRelationship): boolean {
  return stored.mapped.kind !== 'join-table';
}

const id = (name: string): RawBuilder<unknown> => sql.id(name);

/**
 * The ids `owner` is linked to.
 */
export async function linkedIds(
  executor: SqlExecutor,
  stored: StoredRelationship,
  decodeTarget: Parameters<typeof decodeId>[0],
  owner: Id,
): Promise<Id[]> {
  const { mapped } = stored;
  const query =
    mapped.kind === 'owner-column'
      ? sql<{ v: unknown }>`select ${id(mapped.column)} as ${id('v')} from ${tableRef(stored.ownerTable)} where ${id(stored.ownerKey)} = ${owner} and ${id(mapped.column)} is not null`
      : mapped.kind === 'target-column'
        ? sql<{ v: unknown }>`select ${id(stored.targetKey)} as ${id('v')} from ${tableRef(stored.targetTable)} where ${id(mapped.column)} = ${owner}`
        : sql<{ v: unknown }>`select ${id(mapped.targetColumn)} as ${id('v')} from ${tableRef(mapped.table)} where ${id(mapped.ownerColumn)} = ${owner}`;
  const { rows } = await query.execute(executor);
  return rows.map((row) => decodeId(decodeTarget, row.v));
}

/**
 * Stores the link `owner` → `target`: sets the foreign key (displacing what it held)
 * or inserts the join-table pair when it is not there.
 */
export async function storeLink(executor: SqlExecutor, stored: StoredRelationship, owner: Id, target: Id): Promise<void> {
  const { mapped } = stored;
  switch (mapped.kind) {
    case 'owner-column':
      await sql`update ${tableRef(stored.ownerTable)} set ${id(mapped.column)} = ${target} where ${id(stored.ownerKey)} = ${owner}`.execute(executor);
      return;
    case 'target-column':
      await sql`update ${tableRef(stored.targetTable)} set ${id(mapped.column)} = ${owner} where ${id(stored.targetKey)} = ${target}`.execute(executor);
      return;
    case 'join-table': {
      const table = tableRef(mapped.table);
      const { rows } = await sql`select 1 as ${id('v')} from ${table} where ${id(mapped.ownerColumn)} = ${owner} and ${id(mapped.targetColumn)} = ${target}`.execute(executor);
      if (rows.length === 0) {
        await sql`insert into ${table} (${id(mapped.ownerColumn)}, ${id(mapped.targetColumn)}) values (${owner}, ${target})`.execute(executor);
      }
      return;
    }
  }
}

/**
 * Removes the link `owner` → `target` when it is there.
 */
export async function dropLink(executor: SqlExecutor, stored: StoredRelationship, owner: Id, target: Id): Promise<void> {
  const { mapped } = stored;
  switch (mapped.kind) {
    case 'owner-column':
      await sql`update ${tableRef(stored.ownerTable)} set ${id(mapped.column)} = null where ${id(stored.ownerKey)} = ${owner} and ${id(mapped.column)} = ${target}`.execute(executor);
      return;
    case 'target-column':
      await sql`update ${tableRef(stored.targetTable)} set ${id(mapped.column)} = null where ${id(stored.targetKey)} = ${target} and ${id(mapped.column)} = ${owner}`.execute(executor);
      return;
    case 'join-table':
      await sql`delete from ${tableRef(mapped.table)} where ${id(mapped.ownerColumn)} = ${owner} and ${id(mapped.targetColumn)} = ${target}`.execute(executor);
      return;
  }
}

/**
 * The statement that unlinks a row being deleted from `stored`, on the side it is
 * (`owner`: it owns the relationship; `target`: it is a related resource), or
 * `undefined` when the link goes with the row itself. Keyed by what it changes, so
 * the two sides of one stored link run once.
 */
export function unlinkDeleted(
  stored: StoredRelationship,
  side: 'owner' | 'target',
  deleted: Id,
): { readonly key: string; readonly statement: RawBuilder<unknown> } | undefined {
  const { mapped } = stored;
  const place = storage(stored);
  const key = (column: string): string => `${place.table.schema ?? ''}\u0000${place.table.name}\u0000${column}`;
  if (mapped.kind === 'join-table') {
    const column = side === 'owner' ? mapped.ownerColumn : mapped.targetColumn;
    return { key: key(column), statement: sql`delete from ${tableRef(mapped.table)} where ${id(column)} = ${deleted}` };
  }
  const onOtherRow = (mapped.kind === 'owner-column') === (side === 'target');
  if (!onOtherRow) return undefined;
  const table = mapped.kind === 'owner-column' ? stored.ownerTable : stored.targetTable;
  return {
    key: key(mapped.column),
    statement: sql`update ${tableRef(table)} set ${id(mapped.column)} = null where ${id(mapped.column)} = ${deleted}`,
  };
}
