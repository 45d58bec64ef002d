/**
 * DDL from a schema and a mapping: the tables the SQL layer reads, with column
 * types per field kind, a binary collation on every string column (code-point
 * order), and indexes on foreign keys and join tables.
 */
import { sql } from 'kysely';
import type { FieldKind } from '../../schema/resolved-schema.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { tableRef } from './relationship-sql.js';
import { detectDialect, type SqlDialectName } from './sql-dialect.js';
import { type ResolvedSqlMapping, resolveSqlMapping, type SqlMapping, type TableName } from './sql-mapping.js';
import type { SqlExecutor } from './sql-executor.js';

/** Options of `createTables` and `loadData`. */
export interface TableOptions {
  /** Detected from the Kysely adapter when omitted. */
  readonly dialect?: SqlDialectName;
  /** `createTables` only: drop the tables first when they exist. Default `false`. */
  readonly replace?: boolean;
}

/** A column type: the field kind, and whether it is a primary or foreign key (indexed, so bounded in MySQL). */
interface ColumnSpec {
  readonly kind: FieldKind;
  readonly integer: boolean;
  readonly key: boolean;
  readonly nullable: boolean;
}

/** One table to create. */
export interface TablePlan {
  readonly table: TableName;
  /** Column name → spec, primary key first. */
  readonly columns: Map<string, ColumnSpec>;
  readonly primaryKey: readonly string[];
  readonly indexes: string[];
}

const TYPES: Record<SqlDialectName, (spec: ColumnSpec) => string> = {
  postgres: ({ kind, integer }) =>
    kind === 'number'
      ? integer
        ? 'bigint'
        : 'double precision'
      : kind === 'boolean'
        ? 'boolean'
        : 'text collate "C"',
  mysql: ({ kind, integer, key }) =>
    kind === 'number'
      ? integer
        ? 'bigint'
        : 'double'
      : kind === 'boolean'
        ? 'boolean'
        : `${key ? 'varchar(255)' : kind === 'date' ? 'varchar(10)' : 'text'} character set utf8mb4 collate utf8mb4_nopad_bin`,
  sqlite: ({ kind, integer }) => (kind === 'number' ? (integer ? 'integer' : 'real') : kind === 'boolean' ? 'integer' : 'text'),
};

/** A table's identity across schemas: `schema\0name`. */
export function tableKey(table: TableName): string {
  return `${table.schema ?? ''}\u0000${table.name}`;
}

/**
 * The tables, columns and indexes a mapping needs, in creation order.
 *
 * @example
 * planTables(resolveSqlMapping(resolveSchema(exampleSchema))).map((plan) => plan.table.name); // ['person', 'computer']
 */
export function planTables(mapping: ResolvedSqlMapping): TablePlan[] {
  const plans = new Map<string, TablePlan>();
  const plan = (table: TableName, primaryKey: readonly string[]): TablePlan => {
    const key = tableKey(table);
    const existing = plans.get(key);
    if (existing !== undefined) return existing;
    const created: TablePlan = { table, columns: new Map(), primaryKey, indexes: [] };
    plans.set(key, created);
    return created;
  };
  const idSpec = (type: string, nullable: boolean): ColumnSpec => {
    const id = mapping.schema.types.get(type)?.id;
    return { kind: id?.kind ?? 'string', integer: id?.integer ?? false, key: true, nullable };
  };
  for (const mapped of mapping.types.values()) {
    const table = plan(mapped.table, [mapped.primaryKey]);
    table.columns.set(mapped.primaryKey, idSpec(mapped.type.name, false));
    for (const [name, attribute] of mapped.type.attributes) {
      table.columns.set(mapped.columns.get(name) ?? name, {
        kind: attribute.kind,
        integer: attribute.integer,
        key: false,
        nullable: attribute.nullable,
      });
    }
  }
  for (const mapped of mapping.types.values()) {
    for (const relationship of mapped.relationships.values()) {
      const { owner, target } = relationship.relationship;
      const targetType = mapping.types.get(target);
      if (targetType === undefined) continue;
      if (relationship.kind === 'owner-column') {
        addForeignKey(plan(mapped.table, [mapped.primaryKey]), relationship.column, idSpec(target, true));
      } else if (relationship.kind === 'target-column') {
        addForeignKey(plan(targetType.table, [targetType.primaryKey]), relationship.column, idSpec(owner, true));
      } else {
        const joinTable = plan(relationship.table, [relationship.ownerColumn, relationship.targetColumn]);
        if (!joinTable.columns.has(relationship.ownerColumn)) {
          joinTable.columns.set(relationship.ownerColumn, idSpec(owner, false));
          joinTable.columns.set(relationship.targetColumn, idSpec(target, false));
          joinTable.indexes.push(relationship.targetColumn);
        }
      }
    }
  }
  return [...plans.values()];
}

function addForeignKey(table: TablePlan, column: string, spec: ColumnSpec): void {
  if (table.columns.has(column)) return;
  table.columns.set(column, spec);
  table.indexes.push(column);
}

function indexName(table: TableName, column: string, index: number): string {
  const name = `${table.name}_${column}_idx`;
  return name.length <= 60 ? name : `jq_idx_${index}_${name.slice(0, 40)}`;
}

/**
 * Creates the tables of a schema (and their indexes) as the mapping describes
 * them. Fails when a table exists, unless `replace` drops it first.
 *
 * @example
 * await createTables(db, exampleSchema);
 * await loadData(db, exampleSchema, undefined, exampleData);
 */
export async function createTables(
  db: SqlExecutor,
  schema: ResourceSchema,
  mapping?: SqlMapping,
  options: TableOptions = {},
): Promise<void> {
  const dialect = options.dialect ?? detectDialect(db);
  const plans = planTables(resolveSqlMapping(resolveSchema(schema), mapping));
  let indexCount = 0;
  for (const plan of plans) {
    if (options.replace === true) await sql`drop table if exists ${tableRef(plan.table)}`.execute(db);
    const columns = [...plan.columns].map(
      ([name, spec]) => sql`${sql.id(name)} ${sql.raw(TYPES[dialect](spec))}${sql.raw(spec.nullable ? '' : ' not null')}`,
    );
    const primaryKey = sql`primary key (${sql.join(plan.primaryKey.map((column) => sql.id(column)))})`;
    await sql`create table ${tableRef(plan.table)} (${sql.join([...columns, primaryKey])})`.execute(db);
    for (const column of plan.indexes) {
      const name = indexName(plan.table, column, ++indexCount);
      await sql`create index ${sql.id(name)} on ${tableRef(plan.table)} (${sql.id(column)})`.execute(db);
    }
  }
}
