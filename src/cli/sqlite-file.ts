/**
 * A SQLite file served by the CLI, followed as a file rather than held as an open
 * handle. An open handle keeps reading a file that was renamed over (the old,
 * deleted inode) and fails on every statement once the file was truncated or
 * damaged, until a restart. Here, before each statement, the file is looked at:
 * replaced (another inode) → reopened; changed in place (size or times) → checked
 * again; a statement failing with a file error (`SQLITE_CORRUPT`, `SQLITE_NOTADB`,
 * `SQLITE_IOERR…`) → reopened before the next one. The file is served only while it
 * holds the tables, indexes and views it held at start (the same `sqlite_master`);
 * missing, empty, not a database, damaged, or other tables: the statement fails
 * with a `DataLayerError` `unavailable` (a 503, its cause in the server's log) until
 * the file is good again.
 */
import { statSync, type BigIntStats } from 'node:fs';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { DataLayerError } from '../layers/data-layer.js';

/** Opens the file (failing when it does not exist) with the layer's functions registered. */
export type OpenSqliteFile = () => SqliteDatabase;

/** SQLite result codes saying the file itself is bad, not the statement. */
const FILE_ERROR = /^SQLITE_(?:CORRUPT|NOTADB|IOERR|CANTOPEN|READONLY_DBMOVED)/;

const SCHEMA_QUERY = 'select type, name, tbl_name, sql from sqlite_master order by type, name';

/** What identifies the file and its content: the inode, and the size and times. */
interface FileState {
  readonly inode: string;
  readonly version: string;
  readonly empty: boolean;
}

function fileState(file: string): FileState | undefined {
  let stats: BigIntStats;
  try {
    stats = statSync(file, { bigint: true });
  } catch {
    return undefined;
  }
  return {
    inode: `${stats.dev}:${stats.ino}`,
    version: `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`,
    empty: stats.size === 0n,
  };
}

function schemaOf(database: SqliteDatabase): string {
  return JSON.stringify(database.prepare(SCHEMA_QUERY).all([]));
}

/**
 * A database for Kysely's `SqliteDialect` that follows `file`: its tables are
 * recorded now, and every statement runs on the file as it is at that moment, or
 * fails as `unavailable` while the file is not that database.
 */
export function followSqliteFile(file: string, open: OpenSqliteFile): SqliteDatabase {
  let connection = open();
  const schema = schemaOf(connection);
  /** The state in which the file last held `schema`; `undefined` after a file error. */
  let good = fileState(file);
  let openedInode = good?.inode;

  const unavailable = (problem: string, cause?: unknown): DataLayerError =>
    new DataLayerError('unavailable', `the SQLite file ${file} ${problem}`, cause === undefined ? {} : { cause });

  /** The connection to run the next statement on, after checking the file if it changed. */
  const current = (): SqliteDatabase => {
    const state = fileState(file);
    if (state === undefined) throw unavailable('is missing');
    if (good !== undefined && state.inode === good.inode && state.version === good.version) return connection;
    if (good === undefined || state.inode !== openedInode) {
      connection.close(); // a no-op when a reopening failed before
      try {
        connection = open();
      } catch (error) {
        throw unavailable('cannot be opened', error);
      }
      openedInode = state.inode;
    }
    good = undefined;
    let found: string;
    try {
      found = schemaOf(connection);
    } catch (error) {
      throw unavailable(`is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    if (found !== schema) {
      throw unavailable(state.empty ? 'is empty' : 'no longer holds the tables it held at start');
    }
    good = state;
    return connection;
  };

  /** Runs a step of a statement; a file error makes the next statement reopen the file. */
  const guarded = <T>(step: () => T): T => {
    try {
      return step();
    } catch (error) {
      if (FILE_ERROR.test(String((error as { code?: unknown }).code))) good = undefined;
      throw error;
    }
  };

  return {
    prepare(sql): SqliteStatement {
      const statement = guarded(() => current().prepare(sql));
      return {
        reader: statement.reader,
        all: (parameters) => guarded(() => statement.all(parameters)),
        run: (parameters) => guarded(() => statement.run(parameters)),
        iterate: (parameters) => guarded(() => statement.iterate(parameters)),
      };
    },
    close: () => connection.close(),
  };
}
