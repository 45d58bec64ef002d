/**
 * SQLite has no Unicode lower-casing and no word matching built in; the layer uses
 * two deterministic functions that do exactly what the memory layer does.
 */
import { words } from '../../ast/match-words.js';

/** The part of a better-sqlite3 `Database` (or compatible) the registration needs. */
export interface SqliteFunctionHost {
  function(
    name: string,
    options: { deterministic: boolean; varargs?: boolean },
    implementation: (...args: never[]) => unknown,
  ): unknown;
}


/**
 * Registers `jq_lower(text)` (JavaScript `toLowerCase()`) and
 * `jq_has_word(text, word)` (the word is one of the text's runs of letters and
 * digits, lower-cased) on a better-sqlite3 database. Call it once per
 * connection before using the SQL layer on SQLite.
 *
 * @example
 * const database = new Database('app.db');
 * registerSqliteFunctions(database);
 * const layer = createSqlLayer({ db: new Kysely({ dialect: new SqliteDialect({ database }) }), schema, sqliteDatabase: database });
 */
export function registerSqliteFunctions(database: SqliteFunctionHost): void {
  database.function('jq_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  database.function('jq_has_word', { deterministic: true }, (value: unknown, word: unknown) => {
    if (value === null || value === undefined) return null;
    return words(String(value)).includes(word as string) ? 1 : 0;
  });
}
