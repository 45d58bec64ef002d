/**
 * The SQL engines the tests run on: PGlite and SQLite always; a PostgreSQL server
 * when `JSONAPI_QUERY_POSTGRES_URL` is set and MariaDB/MySQL when
 * `JSONAPI_QUERY_MYSQL_URL` is set. Each `create` makes a private PostgreSQL schema
 * or MySQL database (`jq_<random>`), so parallel test files never collide, and
 * `close` drops it.
 */
import { appendFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { Kysely, type LogEvent, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { createPool } from 'mysql2';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import type { ResourceSchema } from '../../src/schema/schema.js';
import {
  createSqlLayer,
  createTables,
  loadData,
  registerSqliteFunctions,
  type SqlDialectName,
  type SqlLayer,
  type PreparableSqliteDatabase,
  type SqlLayerOptions,
  type SqlMapping,
  type SqlSeedData,
} from '../../src/layers/sql/index.js';

/** One compiled statement as the database received it. */
export interface LoggedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** A database with the schema's tables and data loaded, and the layer over it. */
export interface EngineInstance {
  readonly layer: SqlLayer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly kysely: Kysely<any>;
  /** The SQL text of every statement run so far (clear it with `queries.length = 0`). */
  readonly queries: string[];
  /** Every statement with its bound parameters (cleared together with `queries` by `clearLog`). */
  readonly statements: LoggedStatement[];
  clearLog(): void;
  close(): Promise<void>;
}

/** Options for one database. */
export interface EngineCreateOptions {
  readonly mapping?: SqlMapping;
  readonly statementTimeoutMs?: number;
  /** Extra SQL run after loading (views for timeout tests, …), with the engine's quoting. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly setup?: (db: Kysely<any>) => Promise<void>;
  /** Extra options of `createSqlLayer`. */
  readonly layerOptions?: Partial<Omit<SqlLayerOptions, 'db' | 'schema' | 'mapping'>>;
}

/** One engine the tests can create databases on. */
export interface Engine {
  readonly name: string;
  readonly dialect: SqlDialectName;
  create(schema: ResourceSchema, data: SqlSeedData, options?: EngineCreateOptions): Promise<EngineInstance>;
}

const report = inject('sqlEngines');
const POSTGRES_URL = report.postgres.url;
const MYSQL_URL = report.mariadb.url;

function randomName(): string {
  return `jq_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

async function finish(
  engine: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  schema: ResourceSchema,
  data: SqlSeedData,
  options: EngineCreateOptions,
  log: { queries: string[]; statements: LoggedStatement[] },
  drop: () => Promise<void>,
): Promise<EngineInstance> {
  try {
    await createTables(db, schema, options.mapping);
    await loadData(db, schema, options.mapping, data);
    await options.setup?.(db);
  } catch (error) {
    await drop();
    throw error;
  }
  recordUse(engine);
  log.queries.length = 0;
  log.statements.length = 0;
  const layer = createSqlLayer({
    db,
    schema,
    ...(options.mapping === undefined ? {} : { mapping: options.mapping }),
    ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
    ...options.layerOptions,
  });
  return {
    layer,
    kysely: db,
    queries: log.queries,
    statements: log.statements,
    clearLog: () => {
      log.queries.length = 0;
      log.statements.length = 0;
    },
    close: drop,
  };
}

interface StatementLog {
  readonly queries: string[];
  readonly statements: LoggedStatement[];
  /** Kysely's `log` option. */
  log(event: LogEvent): void;
  record(statement: LoggedStatement): void;
}

function logger(): StatementLog {
  const queries: string[] = [];
  const statements: LoggedStatement[] = [];
  const record = (statement: LoggedStatement): void => {
    queries.push(statement.sql);
    statements.push(statement);
  };
  return { queries, statements, record, log: (event) => record({ sql: event.query.sql, parameters: event.query.parameters }) };
}

/**
 * The SQLite database as the layer's `sqliteDatabase`, recording each statement it
 * runs in the log as Kysely's `log` does for the statements Kysely runs.
 */
function loggedDatabase(database: Database.Database, record: (statement: LoggedStatement) => void): PreparableSqliteDatabase {
  return {
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => {
          const rows = statement.all(parameters);
          record({ sql, parameters });
          return rows;
        },
        run: (parameters) => {
          const result = statement.run(parameters);
          record({ sql, parameters });
          return result;
        },
      };
    },
    function: (name, options, implementation) => database.function(name, options, implementation),
  };
}

const pglite: Engine = {
  name: 'pglite',
  dialect: 'postgres',
  async create(schema, data, options = {}) {
    const database = new PGlite();
    const log = logger();
    const db = new Kysely({ dialect: new PGliteDialect(database), log: log.log });
    return finish('pglite', db, schema, data, options, log, async () => {
      await db.destroy();
      if (!database.closed) await database.close();
    });
  },
};

const sqlite: Engine = {
  name: 'sqlite',
  dialect: 'sqlite',
  async create(schema, data, options = {}) {
    const database = new Database(':memory:');
    registerSqliteFunctions(database);
    const log = logger();
    const db = new Kysely({ dialect: new SqliteDialect({ database }), log: log.log });
    // Tested as `serve` runs it: with the database, so the layer keeps its statements prepared.
    const layerOptions = { sqliteDatabase: loggedDatabase(database, log.record), ...options.layerOptions };
    return finish('sqlite', db, schema, data, { ...options, layerOptions }, log, () => db.destroy());
  },
};

const postgres: Engine = {
  name: 'postgres',
  dialect: 'postgres',
  async create(schema, data, options = {}) {
    const name = randomName();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`create schema "${name}"`);
    } finally {
      await admin.end();
    }
    const log = logger();
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${name}`, max: 5 });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: log.log });
    return finish('postgres', db, schema, data, options, log, async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${name}" cascade`);
      } finally {
        await client.end();
      }
    });
  },
};

const mysql: Engine = {
  name: 'mariadb',
  dialect: 'mysql',
  async create(schema, data, options = {}) {
    const name = randomName();
    const url = MYSQL_URL ?? '';
    const admin = createPool({ uri: url, connectionLimit: 1 }).promise();
    await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_nopad_bin`);
    const log = logger();
    const pool = createPool({ uri: url, database: name, connectionLimit: 5, charset: 'utf8mb4' });
    const db = new Kysely({ dialect: new MysqlDialect({ pool }), log: log.log });
    return finish('mariadb', db, schema, data, options, log, async () => {
      await db.destroy();
      try {
        await admin.query(`drop database if exists \`${name}\``);
      } finally {
        await admin.end();
      }
    });
  },
};

/** Notes in the run's usage file that a database was made on `name` (printed at the end of the run). */
function recordUse(name: string): void {
  appendFileSync(report.usageFile, `${name}\n`);
}

/**
 * The engines to test on: PGlite and SQLite always, the servers whose URL is set
 * (engines-setup.ts has checked that they answer).
 */
export function availableEngines(): Promise<Engine[]> {
  const engines: Engine[] = [pglite, sqlite];
  if (report.postgres.skipped === undefined) engines.push(postgres);
  if (report.mariadb.skipped === undefined) engines.push(mysql);
  return Promise.resolve(engines);
}

/** The engines not tested and why. */
export function skippedEngines(): { name: string; reason: string }[] {
  const skipped: { name: string; reason: string }[] = [];
  if (report.postgres.skipped !== undefined) skipped.push({ name: 'postgres', reason: report.postgres.skipped });
  if (report.mariadb.skipped !== undefined) skipped.push({ name: 'mariadb', reason: report.mariadb.skipped });
  return skipped;
}

/** Every engine, for `describe.each` with the unavailable ones skipped by name. */
export const ALL_ENGINE_NAMES = ['pglite', 'sqlite', 'postgres', 'mariadb'] as const;

/**
 * Lists every engine not among `engines` as a skipped test naming the reason (the URL
 * unset, or the server unreachable), under "SQL engines not tested".
 *
 * @example
 * const engines = await availableEngines();
 * describeUntestedEngines(engines);
 */
export function describeUntestedEngines(engines: readonly Engine[]): void {
  const tested = new Set(engines.map((engine) => engine.name));
  const reasons = new Map(skippedEngines().map(({ name, reason }) => [name, reason]));
  const untested = ALL_ENGINE_NAMES.filter((candidate) => !tested.has(candidate));
  if (untested.length === 0) return;
  describe('SQL engines not tested', () => {
    for (const name of untested) {
      it.skip(`${name}: ${reasons.get(name) ?? 'server unreachable (see the warning printed above)'}`, () => undefined);
    }
  });
}
