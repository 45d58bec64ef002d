/**
 * Opens a SQL database from a URL for the CLI (`serve --db`, `load --db`):
 * `postgres://…`, `mysql://…` (or `mariadb://…`), `sqlite:FILE` or a file path,
 * `pglite` (in memory) or `pglite:DIR`. Drivers are loaded on demand, so only the
 * one a URL needs must be installed, and so is the SQL layer itself: it imports
 * `kysely`, so it is imported only once `loadPackages` has found every package the
 * URL needs (a missing one is then named in one message, never a stack).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Kysely, SqliteDatabase } from 'kysely';
import type { ResourceSchema } from '../schema/schema.js';
import { guardPool } from '../layers/sql/guard-pool.js';
import type * as SqlLayerModule from '../layers/sql/index.js';
import type { PreparableSqliteDatabase, SqlDialectName, SqlLayer, SqlMapping, SqlSeedData } from '../layers/sql/index.js';
import { followSqliteFile } from './sqlite-file.js';

/**
 * The SQL layer module (`jsonapi-query/sql`), imported on demand: it imports `kysely`
 * at load time, so only after `loadPackages` has checked that `kysely` is installed.
 */
export function sqlLayerModule(): Promise<typeof SqlLayerModule> {
  return import('../layers/sql/index.js');
}

/** An open database: the Kysely instance, its dialect, and how to close it. */
export interface SqlDatabase {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db: Kysely<any>;
  readonly dialect: SqlDialectName;
  /** A SQLite database held open (not followed): the layer keeps its statements prepared on it. */
  readonly sqliteDatabase?: SqliteDatabase & PreparableSqliteDatabase;
  close(): Promise<void>;
}

/** What `importers` resolve to, by package name. */
type Loaded<T extends Record<string, () => Promise<unknown>>> = { [Name in keyof T]: Awaited<ReturnType<T[Name]>> };

/** True when `error` says that the package `name` itself is not installed. */
function isMissing(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' &&
    error.message.includes(`'${name}'`)
  );
}

/** The exact versions this package is tested with (its devDependencies), to print in install commands. */
async function testedVersions(): Promise<Record<string, string>> {
  try {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      devDependencies?: Record<string, string>;
    };
    return manifest.devDependencies ?? {};
  } catch {
    return {};
  }
}

/**
 * Imports every package a database URL needs at once, so that one error names all
 * the missing ones with the versions to install.
 */
export async function loadPackages<T extends Record<string, () => Promise<unknown>>>(url: string, importers: T): Promise<Loaded<T>> {
  const names = Object.keys(importers);
  const results = await Promise.allSettled(names.map((name) => (importers[name] as () => Promise<unknown>)()));
  const missing = names.filter((name, index) => {
    const result = results[index];
    return result?.status === 'rejected' && isMissing(result.reason, name);
  });
  if (missing.length > 0) {
    const versions = await testedVersions();
    const install = missing.map((name) => (versions[name] === undefined ? name : `${name}@${versions[name]}`));
    throw new Error(
      `The database URL "${url}" needs ${missing.length === 1 ? 'a package that is' : 'packages that are'} not installed: ` +
        `${missing.join(', ')}. Install ${missing.length === 1 ? 'it' : 'them'} with: npm install ${install.join(' ')}`,
    );
  }
  const loaded: Record<string, unknown> = {};
  for (const [index, name] of names.entries()) {
    const result = results[index];
    if (result?.status === 'rejected') {
      const reason: unknown = result.reason;
      throw new Error(`The package "${name}" is installed but cannot be loaded: ${reason instanceof Error ? reason.message : String(reason)}`, {
        cause: reason,
      });
    }
    loaded[name] = result?.value;
  }
  return loaded as Loaded<T>;
}

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  /** Told of each connection the database server drops (the pool opens a new one). */
  readonly onConnectionError?: (error: Error) => void;
  /**
   * For a server that only reads: follow a SQLite file that is replaced, truncated or
   * damaged while served, instead of holding the file opened at start (`followSqliteFile`).
   */
  readonly followSqliteFile?: boolean;
  /** Refuse a SQLite file that does not exist instead of creating it empty (always so when following). */
  readonly sqliteFileMustExist?: boolean;
}

/**
 * Opens a database from a URL. PostgreSQL and MySQL pools are guarded (`guardPool`):
 * a connection the server drops fails its statement, and never the process.
 */
export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<SqlDatabase> {
  const guard = options.onConnectionError === undefined ? {} : { onError: options.onConnectionError };
  if (url === 'pglite' || url.startsWith('pglite:')) {
    const packages = await loadPackages(url, {
      kysely: () => import('kysely'),
      '@electric-sql/pglite': () => import('@electric-sql/pglite'),
      'kysely-pglite-dialect': () => import('kysely-pglite-dialect'),
    });
    const { PGlite } = packages['@electric-sql/pglite'];
    const directory = url.slice('pglite:'.length);
    const database = url === 'pglite' || directory === '' ? new PGlite() : new PGlite(directory);
    const db = new packages.kysely.Kysely({ dialect: new packages['kysely-pglite-dialect'].PGliteDialect(database) });
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
    const { kysely, pg } = await loadPackages(url, { kysely: () => import('kysely'), pg: () => import('pg') });
    const pool = guardPool(new pg.default.Pool({ connectionString: url }), guard);
    const db = new kysely.Kysely({ dialect: new kysely.PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    const { kysely, mysql2 } = await loadPackages(url, { kysely: () => import('kysely'), mysql2: () => import('mysql2') });
    const pool = guardPool(mysql2.createPool({ uri: url.replace(/^mariadb:/, 'mysql:'), charset: 'utf8mb4' }), guard);
    const db = new kysely.Kysely({ dialect: new kysely.MysqlDialect({ pool }) });
    return { db, dialect: 'mysql', close: () => db.destroy() };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL "${url}" (postgres://, mysql://, sqlite:FILE, pglite or pglite:DIR)`);
  }
  const packages = await loadPackages(url, { kysely: () => import('kysely'), 'better-sqlite3': () => import('better-sqlite3') });
  const { registerSqliteFunctions } = await sqlLayerModule();
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  const open = (fileMustExist: boolean): SqliteDatabase & PreparableSqliteDatabase => {
    const database = new packages['better-sqlite3'].default(file, { fileMustExist });
    registerSqliteFunctions(database);
    return database;
  };
  // An in-memory database (`:memory:`, or `''` for a temporary one) has no file to follow.
  const onDisk = file !== ':memory:' && file !== '';
  const follow = options.followSqliteFile === true && onDisk;
  const mustExist = follow || (options.sqliteFileMustExist === true && onDisk);
  if (mustExist && !existsSync(file)) {
    throw new Error(`the file ${file} does not exist (create it with: jsonapi-query load --db sqlite:${file})`);
  }
  if (follow) {
    const db = new packages.kysely.Kysely({ dialect: new packages.kysely.SqliteDialect({ database: followSqliteFile(file, () => open(true)) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const database = open(mustExist);
  const db = new packages.kysely.Kysely({ dialect: new packages.kysely.SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', sqliteDatabase: database, close: () => db.destroy() };
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
  /** The layer takes writes (`serve --writable`): a SQLite file is then held open, never followed. */
  readonly writable?: boolean;
  /** Told of each connection the database server drops (the pool opens a new one). */
  readonly onConnectionError?: (error: Error) => void;
  /** Wraps the Kysely instance the layer runs on (`explainable` records its statements). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly wrap?: (db: Kysely<any>) => Kysely<any>;
}

/**
 * Opens a database (failing at once when it cannot be reached), loads `seed` when
 * given, builds the SQL layer over it and verifies the database fits the mapping
 * (a `SqlSetupError` naming each missing table, column or function).
 */
export async function openSqlLayer(options: OpenSqlLayerOptions): Promise<{ layer: SqlLayer; close(): Promise<void> }> {
  const database = await openDatabase(options.db, {
    // Only a layer that never writes may follow a SQLite file (seeding writes).
    followSqliteFile: options.seed === undefined && options.writable !== true,
    sqliteFileMustExist: options.seed === undefined,
    ...(options.onConnectionError === undefined ? {} : { onConnectionError: options.onConnectionError }),
  });
  try {
    const { sql } = await import('kysely');
    await sql`select 1`.execute(database.db);
    const { createSqlLayer, createTables, loadData } = await sqlLayerModule();
    if (options.seed !== undefined) {
      await createTables(database.db, options.schema, options.mapping, { dialect: database.dialect });
      await loadData(database.db, options.schema, options.mapping, options.seed, { dialect: database.dialect });
    }
    const layer = createSqlLayer({
      db: options.wrap === undefined ? database.db : options.wrap(database.db),
      schema: options.schema,
      dialect: database.dialect,
      ...(options.mapping === undefined ? {} : { mapping: options.mapping }),
      ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
      ...(database.sqliteDatabase === undefined ? {} : { sqliteDatabase: database.sqliteDatabase }),
    });
    await layer.verify();
    return { layer, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
