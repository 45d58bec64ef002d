/**
 * The `insert` of a create, compiled once per shape: building and compiling a Kysely
 * statement costs more than SQLite takes to run it, and a write API sends the same
 * few shapes again and again. The SQL text is kept per mapped type, keyed by the
 * shape only (the dialect, the columns given in order, whether the row is returned),
 * never by values, at most `SHAPES_PER_TYPE` shapes per type (the oldest dropped),
 * and is reused with the new values as its parameters.
 */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { tableRef } from './relationship-sql.js';
import type { SelectPlan } from './row-codec.js';
import type { SqlDialectName } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import type { MappedType } from './sql-mapping.js';

/** The most shapes of insert kept per mapped type. */
const SHAPES_PER_TYPE = 64;

/** Compiled SQL texts by mapped type, then by shape. */
const TEXTS = new WeakMap<MappedType, Map<string, string>>();

/** The shape of an insert and its SQL text. */
interface KnownShape {
  readonly dialect: SqlDialectName;
  readonly returning: boolean;
  readonly columns: readonly string[];
  readonly text: string;
}

/** The last insert of each mapped type: a write API sends the same shape again and again, found without building its key. */
const LAST = new WeakMap<MappedType, KnownShape>();

/** What one insert writes: the columns in order and their values, and the plan of the row it returns, if it returns one. */
export interface InsertShape {
  readonly dialect: SqlDialectName;
  readonly columns: readonly string[];
  readonly values: readonly unknown[];
  readonly returning: SelectPlan | undefined;
}

/**
 * The compiled `insert` of `shape` into `mapped`'s table, as `executor` compiles it
 * (its plugins included), its SQL text compiled once per shape.
 *
 * @example
 * const statement = compiledInsert(transaction, mapped, { dialect: 'sqlite', columns: ['id', 'serial'], values: [id, 'X1'], returning: returningPlan(mapped) });
 * const { rows } = await transaction.executeQuery(statement);
 */
export function compiledInsert(executor: SqlExecutor, mapped: MappedType, shape: InsertShape): CompiledQuery {
  const last = LAST.get(mapped);
  if (last !== undefined && isShape(last, shape)) return CompiledQuery.raw(last.text, [...shape.values]);
  const key = `${shape.dialect}\u0000${shape.returning === undefined ? '' : 'returning'}\u0000${shape.columns.join('\u0000')}`;
  let texts = TEXTS.get(mapped);
  if (texts === undefined) {
    texts = new Map();
    TEXTS.set(mapped, texts);
  }
  const text = texts.get(key);
  if (text !== undefined) {
    remember(mapped, shape, text);
    return CompiledQuery.raw(text, [...shape.values]);
  }
  const compiled = insertBuilder(mapped, shape).compile(executor);
  // Kept only when the values are its parameters, one for one, in order (a plugin may rewrite a statement).
  if (compiled.parameters.length === shape.values.length && compiled.parameters.every((parameter, index) => parameter === shape.values[index])) {
    if (texts.size >= SHAPES_PER_TYPE) texts.delete(texts.keys().next().value as string);
    texts.set(key, compiled.sql);
    remember(mapped, shape, compiled.sql);
  }
  return compiled;
}

function remember(mapped: MappedType, { dialect, returning, columns }: InsertShape, text: string): void {
  LAST.set(mapped, { dialect, returning: returning !== undefined, columns: [...columns], text });
}

/** Whether `shape` is the shape of `last`: the dialect, whether the row is returned, the columns in order. */
function isShape(last: KnownShape, shape: InsertShape): boolean {
  const { columns } = shape;
  if (last.dialect !== shape.dialect || last.returning !== (shape.returning !== undefined) || last.columns.length !== columns.length) return false;
  for (let index = 0; index < columns.length; index++) if (last.columns[index] !== columns[index]) return false;
  return true;
}

function insertBuilder(mapped: MappedType, { dialect, columns, values, returning }: InsertShape): RawBuilder<Record<string, unknown>> {
  const table = tableRef(mapped.table);
  const row =
    columns.length === 0
      ? dialect === 'mysql'
        ? sql`insert into ${table} () values ()`
        : sql`insert into ${table} default values`
      : sql`insert into ${table} (${sql.join(columns.map((column) => sql.id(column)))}) values (${sql.join(values)})`;
  return returning === undefined ? sql<Record<string, unknown>>`${row}` : sql<Record<string, unknown>>`${row} returning ${sql.join(returning.columns)}`;
}
