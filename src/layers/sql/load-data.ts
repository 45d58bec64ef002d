/**
 * Loads data in the memory layer's format (`{ [type]: records[] }`, each record
 * holding `id`, attributes by name, and per relationship the related id or an
 * array of ids) into the tables of `createTables`. A relationship given on one
 * side only is derived from its inverse. Ids the database generates start past the
 * loaded ones.
 */
import { sql } from 'kysely';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { hasGeneratedKey, type TableOptions, type TablePlan, planTables, tableKey } from './create-tables.js';
import { advanceIdSequence } from './id-sequence.js';
import { tableRef } from './relationship-sql.js';
import { detectDialect, dialectHooks } from './sql-dialect.js';
import { resolveSqlMapping, type ResolvedSqlMapping, type SqlMapping } from './sql-mapping.js';
import type { SqlExecutor } from './sql-executor.js';

/** Records by type name, as the memory layer takes them. */
export type SqlSeedData = { readonly [type: string]: readonly Readonly<Record<string, unknown>>[] };

/** Bound values per statement, below every engine's limit. */
const MAX_PARAMETERS = 30_000;


function field(record: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function idList(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value as readonly unknown[];
  return value === undefined || value === null ? [] : [value];
}

/**
 * Inserts the records of every type, their foreign keys and join-table rows, in
 * batches.
 *
 * @example
 * await createTables(db, exampleSchema);
 * await loadData(db, exampleSchema, undefined, { person: [{ id: '1', name: 'John', … }], computer: [] });
 */
export async function loadData(
  db: SqlExecutor,
  schema: ResourceSchema,
  mapping: SqlMapping | undefined,
  data: SqlSeedData,
  options: Omit<TableOptions, 'replace'> = {},
): Promise<void> {
  const hooks = dialectHooks(options.dialect ?? detectDialect(db));
  const resolved = resolveSqlMapping(resolveSchema(schema), mapping);
  for (const type of Object.keys(data)) {
    if (!resolved.types.has(type)) throw new Error(`Data for type "${type}", which is not in the schema`);
  }
  const seed: Seed = {
    resolved,
    records: (type) => (Object.hasOwn(data, type) ? (data[type] ?? []) : []),
    encode: (value) => (typeof value === 'boolean' ? hooks.encodeBoolean(value) : value === undefined ? null : value),
  };
  const rows = typeRows(seed);
  addTargetColumnKeys(seed, rows);
  const pairs = addOwnerKeysAndPairs(seed, rows);
  for (const plan of planTables(resolved)) {
    const key = tableKey(plan.table);
    await insertRows(db, plan, [...(rows.get(key)?.values() ?? pairs.get(key)?.values() ?? [])], seed.encode);
    const [primaryKey] = plan.primaryKey;
    if (hasGeneratedKey(plan) && primaryKey !== undefined) await advanceIdSequence(db, hooks.name, plan.table, primaryKey);
  }
}

/** What the steps of `loadData` share: the mapping, the records by type, the value encoding. */
interface Seed {
  readonly resolved: ResolvedSqlMapping;
  records(type: string): readonly Readonly<Record<string, unknown>>[];
  encode(value: unknown): unknown;
}

/** Rows keyed by table, then by id (as a string) or by join-table pair. */
type TableRows = Map<string, Map<string, Record<string, unknown>>>;

/** The row of every record in its type's table: the id and the attributes' columns. */
function typeRows({ resolved, records, encode }: Seed): TableRows {
  const rows: TableRows = new Map();
  for (const mapped of resolved.types.values()) {
    const byId = new Map<string, Record<string, unknown>>();
    rows.set(tableKey(mapped.table), byId);
    for (const record of records(mapped.type.name)) {
      const row: Record<string, unknown> = { [mapped.primaryKey]: field(record, 'id') };
      for (const name of mapped.type.attributes.keys()) {
        row[mapped.columns.get(name) ?? name] = encode(field(record, name));
      }
      byId.set(String(field(record, 'id')), row);
    }
  }
  return rows;
}

/** Foreign keys on the target's table, derived from the to-many side that lists the targets. */
function addTargetColumnKeys({ resolved, records }: Seed, rows: TableRows): void {
  for (const mapped of resolved.types.values()) {
    for (const relationship of mapped.relationships.values()) {
      if (relationship.kind !== 'target-column') continue;
      const target = resolved.types.get(relationship.relationship.target);
      const targetRows = target === undefined ? undefined : rows.get(tableKey(target.table));
      for (const record of records(mapped.type.name)) {
        for (const targetId of idList(field(record, relationship.relationship.name))) {
          const row = targetRows?.get(String(targetId));
          if (row !== undefined && row[relationship.column] === undefined) row[relationship.column] = field(record, 'id');
        }
      }
    }
  }
}

/** To-one values given explicitly (they win over derived ones), and the join-table pairs, de-duplicated. */
function addOwnerKeysAndPairs({ resolved, records }: Seed, rows: TableRows): TableRows {
  const pairs: TableRows = new Map();
  for (const mapped of resolved.types.values()) {
    const ownRows = rows.get(tableKey(mapped.table));
    for (const relationship of mapped.relationships.values()) {
      const name = relationship.relationship.name;
      for (const record of records(mapped.type.name)) {
        const value = field(record, name);
        if (relationship.kind === 'owner-column') {
          const row = ownRows?.get(String(field(record, 'id')));
          if (row !== undefined && value !== undefined) row[relationship.column] = value;
        } else if (relationship.kind === 'join-table') {
          const key = tableKey(relationship.table);
          const tablePairs = pairs.get(key) ?? new Map<string, Record<string, unknown>>();
          pairs.set(key, tablePairs);
          for (const targetId of idList(value)) {
            const pair = { [relationship.ownerColumn]: field(record, 'id'), [relationship.targetColumn]: targetId };
            const sorted = Object.keys(pair).sort();
            tablePairs.set(JSON.stringify(sorted.map((column) => String(pair[column]))), pair);
          }
        }
      }
    }
  }
  return pairs;
}

/** Multi-row inserts, batched below every engine's limit of bound parameters. */
async function insertRows(
  db: SqlExecutor,
  plan: TablePlan,
  tableRows: readonly Record<string, unknown>[],
  encode: (value: unknown) => unknown,
): Promise<void> {
  const columns = [...plan.columns.keys()];
  const batch = Math.max(1, Math.min(1_000, Math.floor(MAX_PARAMETERS / columns.length)));
  for (let start = 0; start < tableRows.length; start += batch) {
    const values = tableRows
      .slice(start, start + batch)
      .map((row) => sql`(${sql.join(columns.map((column) => encode(row[column])))})`);
    await sql`insert into ${tableRef(plan.table)} (${sql.join(columns.map((column) => sql.id(column)))}) values ${sql.join(values)}`.execute(
      db,
    );
  }
}
