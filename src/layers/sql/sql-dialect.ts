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
import { type PatternToken, toGlobPattern, toLikePattern } from './like-pattern.js';

/** The SQL dialects the layer speaks. PGlite speaks `postgres`, MariaDB `mysql`. */
export type SqlDialectName = 'postgres' | 'mysql' | 'sqlite';

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
  /** The operand, lower-cased and split on non-letters/non-digits, contains `word` (already lower-cased). */
  hasWord(operand: Expression<unknown>, word: string): RawBuilder<SqlBool>;
  /** ORDER BY items: nulls last ascending, first descending. */
  orderBy(operand: Expression<unknown>, direction: 'asc' | 'desc', nullable: boolean): RawBuilder<unknown>[];
  /** A boolean as the engine stores it. */
  encodeBoolean(value: boolean): unknown;
}

/** What a lower-cased operand is compared with: its literal text, and whether `_` occurs. */
export interface LowerTarget {
  readonly text: string;
  readonly oneWildcard: boolean;
}

/**
 * Where the databases' `lower()` differs from JavaScript (`İ` → `i̇`, word-final
 * `Σ` → `ς`), and whether the difference can change a comparison with `target`:
 * `İ` only against an `i`, a combining dot or a `_` wildcard (its lower case is two
 * characters long), `Σ` only against a sigma. Skipping the rewrite otherwise keeps
 * the common `ilike` as cheap as a plain `lower()`.
 */
export function lowerFixes(target: LowerTarget): { readonly dottedI: boolean; readonly sigma: boolean } {
  return { dottedI: target.oneWildcard || /i|\u0307/.test(target.text), sigma: /[\u03c3\u03c2]/.test(target.text) };
}

/** `İ` lower-cases to `i̇` (two code points) in JavaScript but to `i` in the databases. */
const DOTTED_CAPITAL_I = '\u0130';
const DOTTED_CAPITAL_I_LOWER = DOTTED_CAPITAL_I.toLowerCase();
/**
 * JavaScript lower-cases a capital sigma ending a word to `ς` (Final_Sigma); the
 * databases always give `σ`, so a word-final `Σ` is rewritten first.
 */
const SIGMA = '\u03a3';
const FINAL_SIGMA = '\u03c2';
/**
 * The combining dot of `i̇`: part of a word when it comes from `İ` (words are split
 * before lower-casing), so the word-boundary classes leave it out.
 */
const COMBINING_DOT = '\u0307';

function nativeOrder(operand: Expression<unknown>, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  return direction === 'asc' ? sql`${operand} asc` : sql`${operand} desc`;
}

function likeEscaped(operand: Expression<unknown>, tokens: readonly PatternToken[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${operand} like ${toLikePattern(tokens)} escape '!'`;
}

/** PostgreSQL and PGlite: `COLLATE "C"` orders by code point; `ORDER BY` already puts nulls last ascending. */
export const postgresDialect: SqlDialect = {
  name: 'postgres',
  binary: (operand, purpose) => (purpose === 'order' ? sql`${operand} collate "C"` : operand),
  // Case mapping and character classes follow the operand's collation: "C" would
  // map ASCII only, so they run under the database's default (UTF-8) collation.
  lower: (operand, against) => {
    const fixes = lowerFixes(against);
    let text: Expression<unknown> = sql`(${operand} collate "default")`;
    if (fixes.sigma) {
      text = sql`case when strpos(${text}, ${SIGMA}) > 0 then regexp_replace(${text}, ${'(?<=[[:alpha:]])\u03a3(?![[:alpha:]])'}, ${FINAL_SIGMA}, 'g') else ${text} end`;
    }
    if (fixes.dottedI) text = sql`replace(${text}, ${DOTTED_CAPITAL_I}, ${DOTTED_CAPITAL_I_LOWER})`;
    return sql`lower(${text})`;
  },
  like: likeEscaped,
  likeLowered: likeEscaped,
  hasWord: (operand, word) =>
    sql<SqlBool>`${postgresDialect.lower(operand, { text: word, oneWildcard: false })} ~ ${`(^|[^[:alnum:]${COMBINING_DOT}])${word}($|[^[:alnum:]${COMBINING_DOT}])`}`,
  orderBy: (operand, direction) => [nativeOrder(operand, direction)],
  encodeBoolean: (value) => value,
};

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
  const collate = sql.raw(`collate ${collation}`);
  const dialect: SqlDialect = {
    name: 'mysql',
    binary: (operand) => sql`${operand} ${collate}`,
    lower: (operand, against) => {
      const fixes = lowerFixes(against);
      let text = operand;
      if (fixes.sigma) {
        text = sql`case when locate(${SIGMA}, ${text}) > 0 then regexp_replace(${text}, ${'(?<=\\p{L})\u03a3(?!\\p{L})'}, ${FINAL_SIGMA}) else ${text} end`;
      }
      if (fixes.dottedI) text = sql`replace(${text}, ${DOTTED_CAPITAL_I}, ${DOTTED_CAPITAL_I_LOWER})`;
      return sql`lower(${text})`;
    },
    like: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    likeLowered: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    hasWord: (operand, word) =>
      sql<SqlBool>`${dialect.lower(operand, { text: word, oneWildcard: false })} ${collate} regexp ${`(^|[^\\p{L}\\p{N}${COMBINING_DOT}])${word}($|[^\\p{L}\\p{N}${COMBINING_DOT}])`}`,
    orderBy: (operand, direction, nullable) =>
      nullable
        ? [direction === 'asc' ? sql`(${operand} is null) asc` : sql`(${operand} is null) desc`, nativeOrder(operand, direction)]
        : [nativeOrder(operand, direction)],
    encodeBoolean: (value) => (value ? 1 : 0),
  };
  return dialect;
}

/**
 * SQLite: `BINARY` collation, `GLOB` for case-sensitive patterns, and the functions
 * of `registerSqliteFunctions` for Unicode lower-casing and word matching.
 */
export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  binary: (operand) => sql`${operand} collate binary`,
  lower: (operand) => sql`jq_lower(${operand})`,
  like: (operand, tokens) => sql<SqlBool>`${operand} glob ${toGlobPattern(tokens)}`,
  // SQLite's LIKE folds ASCII case only, which cannot matter once both sides are lower-cased.
  likeLowered: likeEscaped,
  hasWord: (operand, word) => sql<SqlBool>`jq_has_word(${operand}, ${word})`,
  orderBy: (operand, direction, nullable) =>
    nullable
      ? [direction === 'asc' ? sql`${operand} asc nulls last` : sql`${operand} desc nulls first`]
      : [nativeOrder(operand, direction)],
  encodeBoolean: (value) => (value ? 1 : 0),
};

/**
 * The dialect of a Kysely instance, from its adapter (PGlite dialects use the
 * PostgreSQL adapter). Throws when the adapter is not one of the three.
 *
 * @example
 * detectDialect(new Kysely({ dialect: new SqliteDialect({ database }) })); // 'sqlite'
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

/**
 * The hooks for a dialect name.
 *
 * @example
 * dialectHooks('postgres').name; // 'postgres'
 */
export function dialectHooks(name: SqlDialectName): SqlDialect {
  return name === 'postgres' ? postgresDialect : name === 'mysql' ? mysqlDialect() : sqliteDialect;
}
