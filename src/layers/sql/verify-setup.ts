/**
 * The start-up check of the SQL layer: every table and column the mapping names
 * exists, and the engine evaluates every function the dialect's hooks call. Each
 * probe is a `SELECT … WHERE 1 = 0`, so it reads no rows and works on every engine.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { tableRef } from './relationship-sql.js';
import type { SqlDialect } from './sql-dialect.js';
import type { ResolvedSqlMapping, TableName } from './sql-mapping.js';
import { SqlSetupError, type SqlSetupIssue } from './sql-setup-error.js';

/** A column the mapping uses, with the type and field it serves. */
interface ColumnUse {
  readonly column: string;
  readonly type: string;
  readonly field: string;
}

/** A table the mapping uses, with the first type that names it. */
interface TableUse {
  readonly table: TableName;
  readonly type: string;
  readonly field: string | undefined;
  readonly columns: Map<string, ColumnUse>;
}

/**
 * Probes the database for what the mapping and the dialect need; throws one
 * `SqlSetupError` listing every missing table, column and function. A database
 * that cannot be reached fails the first probe (`select 1`) with the driver's error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the layer's single Kysely boundary (see sql-layer.ts)
export async function verifySqlSetup(db: Kysely<any>, mapping: ResolvedSqlMapping, dialect: SqlDialect): Promise<void> {
  await sql`select 1`.execute(db);
  const issues: SqlSetupIssue[] = [];
  for (const use of tablesOf(mapping).values()) issues.push(...(await probeTable(db, use)));
  issues.push(...(await probeFunctions(db, dialect)));
  if (issues.length > 0) throw new SqlSetupError(issues);
}

function tablesOf(mapping: ResolvedSqlMapping): Map<string, TableUse> {
  const tables = new Map<string, TableUse>();
  const use = (table: TableName, type: string, field: string | undefined, column?: string, columnField?: string) => {
    const key = qualified(table);
    let entry = tables.get(key);
    if (entry === undefined) {
      entry = { table, type, field, columns: new Map() };
      tables.set(key, entry);
    }
    if (column !== undefined && !entry.columns.has(column)) {
      entry.columns.set(column, { column, type, field: columnField ?? column });
    }
  };
  for (const mapped of mapping.types.values()) {
    const type = mapped.type.name;
    use(mapped.table, type, undefined, mapped.primaryKey, 'id');
    for (const [attribute, column] of mapped.columns) use(mapped.table, type, undefined, column, attribute);
  }
  for (const mapped of mapping.types.values()) {
    const type = mapped.type.name;
    for (const [name, relationship] of mapped.relationships) {
      if (relationship.kind === 'owner-column') use(mapped.table, type, undefined, relationship.column, name);
      else if (relationship.kind === 'target-column') {
        const target = mapping.types.get(relationship.relationship.target);
        if (target !== undefined) use(target.table, type, name, relationship.column, name);
      } else {
        use(relationship.table, type, name, relationship.ownerColumn, name);
        use(relationship.table, type, name, relationship.targetColumn, name);
      }
    }
  }
  return tables;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see verifySqlSetup
async function probeTable(db: Kysely<any>, use: TableUse): Promise<SqlSetupIssue[]> {
  const columns = [...use.columns.values()];
  const select = (items: readonly RawBuilder<unknown>[]) =>
    sql`select ${sql.join(items)} from ${tableRef(use.table)} where 1 = 0`.execute(db);
  const whole = await failure(() => select(columns.map(({ column }) => sql.id(column))));
  if (whole === undefined) return [];
  const table = qualified(use.table);
  const tableMissing = await failure(() => select([sql.lit(1)]));
  if (tableMissing !== undefined) {
    return [{ type: use.type, ...(use.field === undefined ? {} : { field: use.field }), table, message: tableMissing }];
  }
  const issues: SqlSetupIssue[] = [];
  for (const { column, type, field } of columns) {
    const message = await failure(() => select([sql.id(column)]));
    if (message !== undefined) issues.push({ type, field, table, column, message });
  }
  if (issues.length === 0) issues.push({ type: use.type, table, message: whole });
  return issues;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see verifySqlSetup
async function probeFunctions(db: Kysely<any>, dialect: SqlDialect): Promise<SqlSetupIssue[]> {
  const text = sql.val('Ab c');
  const probes: Readonly<Record<string, RawBuilder<unknown>>> = {
    'lower-casing (ilike, match)': sql`select ${dialect.lower(text, { text: 'ab', oneWildcard: false })} as ${sql.id('x')}`,
    'word matching (match)': sql`select ${dialect.hasWord(text, 'ab')} as ${sql.id('x')}`,
  };
  const issues: SqlSetupIssue[] = [];
  for (const [purpose, probe] of Object.entries(probes)) {
    const message = await failure(() => probe.execute(db));
    if (message === undefined) continue;
    const hint = dialect.name === 'sqlite' ? ' (call registerSqliteFunctions on the connection first)' : '';
    issues.push({ message: `the engine cannot evaluate the function for ${purpose}${hint}: ${message}` });
  }
  return issues;
}

/** The message of the error `run` rejects with, `undefined` when it succeeds. */
async function failure(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function qualified(table: TableName): string {
  return table.schema === undefined ? table.name : `${table.schema}.${table.name}`;
}
