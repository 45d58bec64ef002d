/**
 * Opens a SQL database from a URL for the CLI (`serve --db`, `load --db`):
 * `postgres://…`, `mysql://…` (or `mariadb://…`), `sqlite:FILE` or a file path,
 * `pglite` (in memory) or `pglite:DIR`. Drivers are loaded on demand, so only the
 * one a URL needs must be installed.
 */
import type { Kysely } from 'kysely';
import type { ResourceSchema } from '../schema/schema.js';
import {
  createSqlLayer,
  createTables,
  loadData,
  registerSqliteFunctions,
  type SqlDialectName,
  type SqlLayer,
  type SqlMapping,
  type SqlSeedData,
} from '../layers/sql/index.js';

/** An open database: the Kysely instance, its dialect, and how to close it. */
export interface SqlDatabase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  close(): Promise<void>;
}

async function load<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new Error(`The database URL needs the package "${name}"; install it (npm install ${name})`, { cause: error });
  }
}

/**
 * Opens a database from a URL.
 *
 * @example
 * const { db, close } = await openDatabase('sqlite:example.db');
 */
export async function openDatabase(url: string): Promise<SqlDatabase> {
  const { Kysely, PostgresDialect, MysqlDialect, SqliteDialect } = await load('kysely', () => import('kysely'));
  if (url === 'pglite' || url.startsWith('pglite:')) {
    const { PGlite } = await load('@electric-sql/pglite', () => import('@electric-sql/pglite'));
    const { PGliteDialect } = await load('kysely-pglite-dialect', () => import('kysely-pglite-dialect'));
    const directory = url.slice('pglite:'.length);
    const database = url === 'pglite' || directory === '' ? new PGlite() : new PGlite(directory);
    const db = new Kysely({ dialect: new PGliteDialect(database) });
    return {
      db,
      dialect: 'postgres',
      close: async () => {
        await db.destroy();
        if (!database.closed) await database.close();
      },
    };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = await load('pg', () => import('pg'));
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url }) }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    const mysql = await load('mysql2', () => import('mysql2'));
    const pool = mysql.createPool({ uri: url.replace(/^mariadb:/, 'mysql:'), charset: 'utf8mb4' });
    const db = new Kysely({ dialect: new MysqlDialect({ pool }) });
    return { db, dialect: 'mysql', close: () => db.destroy() };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL "${url}" (postgres://, mysql://, sqlite:FILE, pglite or pglite:DIR)`);
  }
  const Database = (await load('better-sqlite3', () => import('better-sqlite3'))).default;
  const database = new Database(url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url);
  registerSqliteFunctions(database);
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Options of `openSqlLayer`. */
export interface OpenSqlLayerOptions {
  /** `postgres://…`, `mysql://…`, `sqlite:FILE` or a path, `pglite` or `pglite:DIR`. */
  readonly db: string;
  readonly schema: ResourceSchema;
  readonly mapping?: SqlMapping;
  readonly statementTimeoutMs?: number;
  /** Records to create the tables for and load first (an empty `pglite` database). */
  readonly seed?: SqlSeedData;
}

/**
 * Opens a database (failing at once when it cannot be reached), loads `seed` when
 * given, builds the SQL layer over it and verifies the database fits the mapping
 * (a `SqlSetupError` naming each missing table, column or function).
 *
 * @example
 * const { layer, close } = await openSqlLayer({ db: 'postgres://postgres@127.0.0.1/test', schema: exampleSchema });
 * try { await layer.readOne('person', '1', { signal: AbortSignal.timeout(5_000) }); } finally { await close(); }
 */
export async function openSqlLayer(options: OpenSqlLayerOptions): Promise<{ layer: SqlLayer; close(): Promise<void> }> {
  const database = await openDatabase(options.db);
  try {
    const { sql } = await import('kysely');
    await sql`select 1`.execute(database.db);
    if (options.seed !== undefined) {
      await createTables(database.db, options.schema, options.mapping, { dialect: database.dialect });
      await loadData(database.db, options.schema, options.mapping, options.seed, { dialect: database.dialect });
    }
    const layer = createSqlLayer({
      db: database.db,
      schema: options.schema,
      dialect: database.dialect,
      ...(options.mapping === undefined ? {} : { mapping: options.mapping }),
      ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
    });
    await layer.verify();
    return { layer, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
