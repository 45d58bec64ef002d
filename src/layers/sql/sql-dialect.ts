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
import { toGlobPattern, toLikePattern } from './like-syntax.js';
import {
  DOTTED_CAPITAL_I,
  LAST_CASED_CODE_POINT,
  caseDifferences,
  characterRanges,
  isWordCharacter,
  relevantDifferences,
  wordCharacterRanges,
  type CaseDifference,
  type LowerTarget,
} from './unicode-case.js';

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
  /**
   * Asks the engine, once before the layer's first query, how it differs from
   * JavaScript (its `lower()`), and resolves to the hooks to use from then on.
   */
  prepare?(db: Kysely<unknown>): Promise<SqlDialect>;
}

export type { LowerTarget } from './unicode-case.js';

/**
 * JavaScript lower-cases a capital sigma ending a word to `ς` (Final_Sigma); the
 * databases always give `σ`, so a final `Σ` is rewritten to `ς` first (keeping the
 * captured context) when the comparison involves a sigma.
 */
const SIGMA = '\u03a3';
const FINAL_SIGMA_REPLACEMENT = '\\1\u03c2';

/**
 * The regular expression of a final `Σ` (Unicode's Final_Sigma: after a cased
 * letter and any case-ignorable characters, and not before case-ignorable
 * characters and a cased letter), the context captured as group 1. In `words`, the
 * context is the word only (fields are split before lower-casing).
 */
function finalSigma(words: boolean): string {
  const cased = `[${characterRanges(words ? 'casedWord' : 'cased')}]`;
  const ignorable = `[${characterRanges(words ? 'caseIgnorableWord' : 'caseIgnorable')}]`;
  return `(${cased}${ignorable}*)\u03a3(?!${ignorable}*${cased})`;
}

/** Whether a final `Σ` can change a comparison with `target`: only against a sigma. */
function needsSigma(target: LowerTarget): boolean {
  return /[\u03c3\u03c2]/.test(target.text);
}

/** How an engine rewrites text: `replace()` of one string, `translate()` of single characters when it has one. */
interface TextFunctions {
  readonly replace: (text: Expression<unknown>, from: string, to: string) => Expression<unknown>;
  readonly translate?: (text: Expression<unknown>, from: string, to: string) => Expression<unknown>;
}

/**
 * The characters of `differences` rewritten to their JavaScript lower case before
 * the engine's `lower()` (their JavaScript lower case is one the engine keeps).
 */
function rewriteDifferences(
  text: Expression<unknown>,
  differences: readonly CaseDifference[],
  functions: TextFunctions,
): Expression<unknown> {
  const { translate } = functions;
  const singles = translate === undefined ? [] : differences.filter(({ js }) => Array.from(js).length === 1);
  let rewritten = text;
  if (translate !== undefined && singles.length > 0) {
    rewritten = translate(rewritten, singles.map(({ from }) => from).join(''), singles.map(({ js }) => js).join(''));
  }
  for (const { from, js } of differences) {
    if (!singles.some((single) => single.from === from)) rewritten = functions.replace(rewritten, from, js);
  }
  return rewritten;
}

function nativeOrder(operand: Expression<unknown>, direction: 'asc' | 'desc'): RawBuilder<unknown> {
  return direction === 'asc' ? sql`${operand} asc` : sql`${operand} desc`;
}

function likeEscaped(operand: Expression<unknown>, tokens: readonly PatternToken[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${operand} like ${toLikePattern(tokens)} escape '!'`;
}

/**
 * Characters of the JavaScript lower case of a rewritten difference that are not
 * word characters (the combining dot of `i̇`): inside a word when they come from the
 * rewrite, so the engine's text has its own ones replaced by a space first (they
 * separate words there) and the word class counts them in.
 */
function joiners(differences: readonly CaseDifference[]): string {
  const chars = new Set(differences.flatMap(({ js }) => Array.from(js).filter((char) => !isWordCharacter(char))));
  return [...chars].join('');
}

const POSTGRES_TEXT: TextFunctions = {
  replace: (text, from, to) => sql`replace(${text}, ${from}, ${to})`,
  translate: (text, from, to) => sql`translate(${text}, ${from}, ${to})`,
};

/**
 * PostgreSQL and PGlite hooks for an engine whose `lower()` differs from
 * JavaScript on `differences`.
 */
function postgresHooks(differences: readonly CaseDifference[]): SqlDialect {
  // Case mapping follows the operand's collation: "C" would map ASCII only, so it
  // runs under the database's default collation.
  const lowered = (operand: Expression<unknown>, target: LowerTarget, active: readonly CaseDifference[], separators?: string): Expression<unknown> => {
    let text: Expression<unknown> = sql`(${operand} collate "default")`;
    for (const char of separators ?? '') text = sql`replace(${text}, ${char}, ${' '})`;
    if (needsSigma(target)) {
      text = sql`case when strpos(${text}, ${SIGMA}) > 0 then regexp_replace(${text}, ${finalSigma(separators !== undefined)}, ${FINAL_SIGMA_REPLACEMENT}, 'g') else ${text} end`;
    }
    return sql`lower(${rewriteDifferences(text, active, POSTGRES_TEXT)})`;
  };
  const hooks: SqlDialect = {
    name: 'postgres',
    binary: (operand, purpose) => (purpose === 'order' ? sql`${operand} collate "C"` : operand),
    lower: (operand, against) => lowered(operand, against, relevantDifferences(differences, against, false)),
    like: likeEscaped,
    likeLowered: likeEscaped,
    // The word class is spelled out as code-point ranges: PostgreSQL's [[:alnum:]]
    // follows the locale and an older Unicode (`①` is no digit to it).
    hasWord: (operand, word) => {
      const target = { text: word, oneWildcard: false };
      const active = relevantDifferences(differences, target, true);
      const glue = joiners(active);
      const boundary = `[^${wordCharacterRanges()}${glue}]`;
      return sql<SqlBool>`${lowered(operand, target, active, glue)} ~ ${`(^|${boundary})${word}($|${boundary})`}`;
    },
    orderBy: (operand, direction) => [nativeOrder(operand, direction)],
    encodeBoolean: (value) => value,
    prepare: async (db) => {
      const { rows } = await sql<{ n: number; l: string }>`select n, lower(chr(n) collate "default") as l from generate_series(1, ${LAST_CASED_CODE_POINT}) as n where (n < 55296 or n > 57343) and lower(chr(n) collate "default") <> chr(n)`.execute(db);
      return postgresHooks(caseDifferences(new Map(rows.map(({ n, l }) => [Number(n), l]))));
    },
  };
  return hooks;
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

const MYSQL_TEXT: TextFunctions = {
  replace: (text, from, to) => sql`replace(${text}, ${from}, ${to})`,
};

/** The code points 1 to `LAST_CASED_CODE_POINT` and their `lower()` where it changes them, as MySQL and MariaDB compute it. */
function mysqlLowerQuery(collate: RawBuilder<unknown>): RawBuilder<{ n: number; l: string }> {
  const digits = sql.raw(`'${JSON.stringify(Array.from({ length: 16 }, (_, digit) => digit))}'`);
  const hex = sql`json_table(${digits}, '$[*]' columns (d int path '$'))`;
  const code = sql`a.d + 16 * b.d + 256 * c.d + 4096 * e.d + 65536 * f.d`;
  const char = sql`convert(char(${code} using utf32) using utf8mb4)`;
  return sql<{ n: number; l: string }>`select ${code} as n, lower(${char} ${collate}) as l from ${hex} a, ${hex} b, ${hex} c, ${hex} e, ${hex} f where f.d < 2 and ${code} between 1 and ${LAST_CASED_CODE_POINT} and (${code} < 55296 or ${code} > 57343) and lower(${char} ${collate}) <> ${char} ${collate}`;
}

function mysqlHooks(collate: RawBuilder<unknown>, differences: readonly CaseDifference[]): SqlDialect {
  const lowered = (operand: Expression<unknown>, target: LowerTarget, active: readonly CaseDifference[], separators?: string): Expression<unknown> => {
    // Case mapping follows the collation: the layer's own, as `prepare` asked about.
    let text: Expression<unknown> = sql`(${operand} ${collate})`;
    for (const char of separators ?? '') text = sql`replace(${text}, ${char}, ${' '})`;
    if (needsSigma(target)) {
      text = sql`case when locate(${SIGMA}, ${text}) > 0 then regexp_replace(${text}, ${finalSigma(separators !== undefined)}, ${FINAL_SIGMA_REPLACEMENT}) else ${text} end`;
    }
    return sql`lower(${rewriteDifferences(text, active, MYSQL_TEXT)})`;
  };
  return {
    name: 'mysql',
    binary: (operand) => sql`${operand} ${collate}`,
    lower: (operand, against) => lowered(operand, against, relevantDifferences(differences, against, false)),
    like: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    likeLowered: (operand, tokens) => likeEscaped(sql`${operand} ${collate}`, tokens),
    hasWord: (operand, word) => {
      const target = { text: word, oneWildcard: false };
      const active = relevantDifferences(differences, target, true);
      const glue = joiners(active);
      const boundary = `[^${wordCharacterRanges()}${glue}]`;
      return sql<SqlBool>`${lowered(operand, target, active, glue)} ${collate} regexp ${`(^|${boundary})${word}($|${boundary})`}`;
    },
    orderBy: (operand, direction, nullable) =>
      nullable
        ? [direction === 'asc' ? sql`(${operand} is null) asc` : sql`(${operand} is null) desc`, nativeOrder(operand, direction)]
        : [nativeOrder(operand, direction)],
    encodeBoolean: (value) => (value ? 1 : 0),
    prepare: async (db) => {
      const { rows } = await mysqlLowerQuery(collate).execute(db);
      return mysqlHooks(collate, caseDifferences(new Map(rows.map(({ n, l }) => [Number(n), String(l)]))));
    },
  };
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
