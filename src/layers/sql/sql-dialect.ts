/**
 * The few places where SQL engines differ for the layer, as hooks per dialect:
 * code-point string comparison, Unicode lower-casing, case-sensitive `LIKE`, word
 * matching, null ordering and boolean values. Everything else is plain SQL.
 */
import {
  MysqlAdapter,
  PostgresAdapter,
  SqliteAdapter,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { PatternToken } from '../../ast/like-pattern.js';
import { caseFolding, SIGMA, type CaseFoldingSql } from './case-folding.js';
import { toGlobPattern, toLikePattern } from './like-syntax.js';
import { mysqlStatementTimeout, postgresStatementTimeout, type StatementTimeout } from './statement-timeout.js';
import {
  DOTTED_CAPITAL_I,
  LAST_CASED_CODE_POINT,
  caseDifferences,
  type CaseDifference,
  type LowerTarget,
} from './unicode-case.js';

/** The SQL dialects the layer speaks. PGlite speaks `postgres`, MariaDB `mysql`. */
export type SqlDialectName = 'postgres' | 'mysql' | 'sqlite';

/** Where an ORDER BY item puts its nulls; `none` for an operand that cannot be null. */
export type NullOrder = 'first' | 'last' | 'none';

/** The per-engine hooks. */
export interface SqlDialect {
  readonly name: SqlDialectName;
  /** A string operand that compares and sorts in code-point order. */
  binary(operand: Expression<unknown>, purpose: 'equality' | 'order'): Expression<unknown>;
  /**
   * The operand lower-cased as JavaScript's `toLowerCase()` does, as far as a
   * comparison with `against` (lower-cased pattern text or word) can tell.
   */
  lower(operand: Expression<unknown>, against: LowerTarget): Expression<unknown>;
  /** Case-sensitive `LIKE` against pattern tokens. */
  like(operand: Expression<unknown>, tokens: readonly PatternToken[]): RawBuilder<SqlBool>;
  /** `LIKE` of an already lower-cased operand against lower-cased tokens. */
  likeLowered(operand: Expression<unknown>, tokens: readonly PatternToken[]): RawBuilder<SqlBool>;
  /**
   * `ilike` of the operand against lower-cased tokens spelled without lower-casing the
   * operand, when the engine can for these tokens; `undefined`: `likeLowered` of `lower`.
   */
  ilike?(operand: Expression<unknown>, tokens: readonly PatternToken[], against: LowerTarget): RawBuilder<SqlBool> | undefined;
  /** The operand, lower-cased and split on non-letters/non-digits, contains `word` (already lower-cased). */
  hasWord(operand: Expression<unknown>, word: string): RawBuilder<SqlBool>;
  /**
   * ORDER BY items with the operand's nulls `first` or `last` — the layer passes what
   * the sort rule says (src/rules/sort-direction.ts), the dialect only spells it — or
   * `none` when the operand cannot be null.
   */
  orderBy(operand: Expression<unknown>, direction: 'asc' | 'desc', nulls: NullOrder): RawBuilder<unknown>[];
  /** A boolean as the engine stores it. */
  encodeBoolean(value: boolean): unknown;
  /**
   * The engine starts an index range scan from a row-value comparison
   * (`(k1, id) > ($1, $2)`), so a keyset window on non-null keys sorted one way uses
   * one; otherwise the window is spelled out key by key.
   */
  readonly rowValues?: boolean;
  /**
   * Asks the engine, once before the layer's first query, how it differs from
   * JavaScript (its `lower()`), and resolves to the hooks to use from then on.
   */
  prepare?(db: Kysely<unknown>): Promise<SqlDialect>;
  /** Runs `work` with a statement timeout (`statementTimeoutMs`); engines without one run it as is. */
  readonly withStatementTimeout?: StatementTimeout;
}

export type { LowerTarget } from './unicode-case.js';

function nativeOrder(operand: Expression<unknown>, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  return direction === 'asc' ? sql`${operand} asc` : sql`${operand} desc`;
}

/** `NULLS FIRST` / `NULLS LAST`, for the engines that have them (PostgreSQL, SQLite 3.30+). */
function spelledNullOrder(operand: Expression<unknown>, direction: 'asc' | 'desc', nulls: 'first' | 'last'): RawBuilder<unknown> {
  const order = nativeOrder(operand, direction);
  return nulls === 'first' ? sql`${order} nulls first` : sql`${order} nulls last`;
}

/**
 * PostgreSQL's own null order (its manual, "Sorting Rows": `NULLS LAST` is the
 * default ascending, `NULLS FIRST` descending): an ORDER BY item that asks for it
 * is written without the clause, so the statements stay as short as hand-written ones.
 */
function postgresDefaultNulls(direction: 'asc' | 'desc'): NullOrder {
  return direction === 'asc' ? 'last' : 'first';
}

function likeEscaped(operand: Expression<unknown>, tokens: readonly PatternToken[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${operand} like ${toLikePattern(tokens)} escape '!'`;
}

/** PostgreSQL's spelling of what case folding needs. */
const POSTGRES_CASE_FOLDING: CaseFoldingSql = {
  // Case mapping follows the operand's collation: "C" would map ASCII only, so it
  // runs under the database's default collation.
  collated: (operand) => sql`(${operand} collate "default")`,
  hasSigma: (text) => sql<SqlBool>`strpos(${text}, ${SIGMA}) > 0`,
  replaceAll: (text, pattern, replacement) => sql`regexp_replace(${text}, ${pattern}, ${replacement}, 'g')`,
  // The word class is spelled out as code-point ranges: PostgreSQL's [[:alnum:]]
  // follows the locale and an older Unicode (`①` is no digit to it).
  matches: (text, pattern) => sql<SqlBool>`${text} ~ ${pattern}`,
  functions: {
    replace: (text, from, to) => sql`replace(${text}, ${from}, ${to})`,
    translate: (text, from, to) => sql`translate(${text}, ${from}, ${to})`,
  },
};

/**
 * PostgreSQL and PGlite hooks for an engine whose `lower()` differs from
 * JavaScript on `differences`.
 */
function postgresHooks(differences: readonly CaseDifference[]): SqlDialect {
  return {
    name: 'postgres',
    withStatementTimeout: postgresStatementTimeout,
    binary: (operand, purpose) => (purpose === 'order' ? sql`${operand} collate "C"` : operand),
    ...caseFolding(POSTGRES_CASE_FOLDING, differences),
    like: likeEscaped,
    likeLowered: likeEscaped,
    orderBy: (operand, direction, nulls) => [
      nulls === 'none' || nulls === postgresDefaultNulls(direction) ? nativeOrder(operand, direction) : spelledNullOrder(operand, direction, nulls),
    ],
    encodeBoolean: (value) => value,
    rowValues: true,
    prepare: async (db) => {
      const { rows } = await sql<{ n: number; l: string }>`select n, lower(chr(n) collate "default") as l from generate_series(1, ${LAST_CASED_CODE_POINT}) as n where (n < 55296 or n > 57343) and lower(chr(n) collate "default") <> chr(n)`.execute(db);
      return postgresHooks(caseDifferences(new Map(rows.map(({ n, l }) => [Number(n), l]))));
    },
  };
}

/**
 * PostgreSQL and PGlite: `COLLATE "C"` orders by code point; `ORDER BY` already puts
 * nulls last ascending. Before its first query the layer asks the engine where its
 * `lower()` differs from JavaScript (`prepare`), and rewrites those characters.
 */
export const postgresDialect: SqlDialect = postgresHooks([DOTTED_CAPITAL_I]);

/**
 * MySQL and MariaDB: a binary, no-pad collation for every string comparison (the
 * default collations ignore case and trailing spaces), nulls ordered by an
 * `IS NULL` key. `collation` must be a binary collation of `utf8mb4`:
 * `utf8mb4_nopad_bin` (MariaDB, the default) or `utf8mb4_0900_bin` (MySQL 8).
 *
 * @example
 * createSqlLayer({ db, schema, dialect: mysqlDialect('utf8mb4_0900_bin') });
 */
export function mysqlDialect(collation = 'utf8mb4_nopad_bin'): SqlDialect {
  if (!/^[A-Za-z0-9_]+$/.test(collation)) throw new Error(`Invalid MySQL collation name ${JSON.stringify(collation)}`);
  return mysqlHooks(sql.raw(`collate ${collation}`), [DOTTED_CAPITAL_I]);
}

/** The code points 1 to `LAST_CASED_CODE_POINT` and their `lower()` where it changes them, as MySQL and MariaDB compute it. */
function mysqlLowerQuery(collate: RawBuilder<unknown>): RawBuilder<{ n: number; l: string }> {
  const digits = sql.raw(`'${JSON.stringify(Array.from({ length: 16 }, (_, digit) => digit))}'`);
  const hex = sql`json_table(${digits}, '$[*]' columns (d int path '$'))`;
  const code = sql`a.d + 16 * b.d + 256 * c.d + 4096 * e.d + 65536 * f.d`;
  const char = sql`convert(char(${code} using utf32) using utf8mb4)`;
  return sql<{ n: number; l: string }>`select ${code} as n, lower(${char} ${collate}) as l from ${hex} a, ${hex} b, ${hex} c, ${hex} e, ${hex} f where f.d < 2 and ${code} between 1 and ${LAST_CASED_CODE_POINT} and (${code} < 55296 or ${code} > 57343) and lower(${char} ${collate}) <> ${char} ${collate}`;
}

/** MySQL's and MariaDB's spelling of what case folding needs, under `collate`. */
function mysqlCaseFolding(collate: RawBuilder<unknown>): CaseFoldingSql {
  return {
    // Case mapping follows the collation: the layer's own, as `prepare` asked about.
    collated: (operand) => sql`(${operand} ${collate})`,
    hasSigma: (text) => sql<SqlBool>`locate(${SIGMA}, ${text}) > 0`,
    replaceAll: (text, pattern, replacement) => sql`regexp_replace(${text}, ${pattern}, ${replacement})`,
    matches: (text, pattern) => sql<SqlBool>`${text} ${collate} regexp ${pattern}`,
    functions: { replace: (text, from, to) => sql`replace(${text}, ${from}, ${to})` },
  };
}

function mysqlHooks(collate: RawBuilder<unknown>, differences: readonly CaseDifference[]): SqlDialect {
  return {
    name: 'mysql',
    withStatementTimeout: mysqlStatementTimeout,
    binary: (operand) => sql`${operand} ${collate}`,
    ...caseFolding(mysqlCaseFolding(collate), differences),
    like: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    likeLowered: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    // No NULLS FIRST/LAST: a leading `IS NULL` key (0 for a value, 1 for a null) places the nulls.
    orderBy: (operand, direction, nulls) =>
      nulls === 'none'
        ? [nativeOrder(operand, direction)]
        : [nulls === 'last' ? sql`(${operand} is null) asc` : sql`(${operand} is null) desc`, nativeOrder(operand, direction)],
    encodeBoolean: (value) => (value ? 1 : 0),
    prepare: async (db) => {
      const { rows } = await mysqlLowerQuery(collate).execute(db);
      return mysqlHooks(collate, caseDifferences(new Map(rows.map(({ n, l }) => [Number(n), String(l)]))));
    },
  };
}

/**
 * SQLite: `BINARY` collation, `GLOB` for case-sensitive patterns, and the functions
 * of `registerSqliteFunctions` for Unicode lower-casing and word matching. Lower-casing
 * takes the built-in `lower()` on ASCII text, where it equals JavaScript's (SQLite
 * 3.43+ for `octet_length`). Its `prepare` checks that `LIKE` folds ASCII case and
 * nothing else (SQLite's default, without ICU or `PRAGMA case_sensitive_like`); then
 * an `ilike` whose pattern text is ASCII and has no `_` runs as `LIKE` on the column
 * itself (`sqliteAsciiIlike`).
 */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  binary: (operand) => sql`${operand} collate binary`,
  // ASCII text (as many characters as bytes) lower-cases alike with the built-in lower(),
  // without a call into JavaScript per row; any other text goes through jq_lower.
  lower: (operand) => sql`(case when length(${operand}) = octet_length(${operand}) then lower(${operand}) else jq_lower(${operand}) end)`,
  like: (operand, tokens) => sql<SqlBool>`${operand} glob ${toGlobPattern(tokens)}`,
  // SQLite's LIKE folds ASCII case only, which cannot matter once both sides are lower-cased.
  likeLowered: likeEscaped,
  hasWord: (operand, word) => sql<SqlBool>`jq_has_word(${operand}, ${word})`,
  orderBy: (operand, direction, nulls) => [nulls === 'none' ? nativeOrder(operand, direction) : spelledNullOrder(operand, direction, nulls)],
  encodeBoolean: (value) => (value ? 1 : 0),
  rowValues: true,
  prepare: async (db) => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped: the prepared hooks prepare nothing
    const { prepare, ...prepared } = sqliteDialect;
    const { rows } = await sql<{ ascii: unknown; more: unknown }>`select ('A' like 'a') as ascii, ('\u00c4' like '\u00e4' or '\u017f' like 's') as more`.execute(db);
    const folds = rows[0];
    const asciiOnly = folds !== undefined && Number(folds.ascii) === 1 && Number(folds.more) === 0;
    return asciiOnly ? { ...prepared, ilike: sqliteAsciiIlike } : prepared;
  },
};

/**
 * `ilike` on SQLite without lower-casing each row, for a pattern whose text is ASCII and
 * that has no `_`: the column's own `LIKE`, which folds ASCII case, or, for text holding
 * `İ` or `K` (U+212A) — the only characters whose JavaScript lower case is ASCII or
 * longer than one code point — the `LIKE` of its `jq_lower`. Elsewhere JavaScript's
 * lower case maps every non-ASCII character to one non-ASCII one, which no ASCII text of
 * the pattern matches either way, so both spellings agree; with a `_`, `İ` would count
 * as one character instead of two, so such patterns take the general path.
 */
function sqliteAsciiIlike(operand: Expression<unknown>, tokens: readonly PatternToken[], against: LowerTarget): RawBuilder<SqlBool> | undefined {
  // eslint-disable-next-line no-control-regex -- ASCII is U+0000 to U+007F
  if (against.oneWildcard || !/^[\u0000-\u007f]*$/.test(against.text)) return undefined;
  const pattern = toLikePattern(tokens);
  const folds = sql<SqlBool>`(${operand} like ${'%\u0130%'} or ${operand} like ${'%\u212a%'})`;
  return sql<SqlBool>`(${operand} like ${pattern} escape '!' or (${folds} and jq_lower(${operand}) like ${pattern} escape '!'))`;
}

/**
 * The dialect of a Kysely instance, from its adapter (PGlite dialects use the
 * PostgreSQL adapter). Throws when the adapter is not one of the three.
 */
export function detectDialect(db: Kysely<unknown>): SqlDialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  // A second copy of kysely in node_modules breaks instanceof; fall back on the class name.
  const name = adapter.constructor.name.toLowerCase();
  if (name.includes('postgres') || name.includes('pglite')) return 'postgres';
  if (name.includes('mysql') || name.includes('maria')) return 'mysql';
  if (name.includes('sqlite')) return 'sqlite';
  throw new Error(`Cannot detect the SQL dialect of adapter "${adapter.constructor.name}"; pass \`dialect\``);
}

/** The hooks for a dialect name. */
export function dialectHooks(name: SqlDialectName): SqlDialect {
  return name === 'postgres' ? postgresDialect : name === 'mysql' ? mysqlDialect() : sqliteDialect;
}
