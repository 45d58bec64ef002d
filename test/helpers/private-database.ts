/**
 * A private database on the test PostgreSQL or MariaDB server, filled with the
 * example dataset, for tests that end its connections: "every connection to this
 * database" then never reaches another test file's. The helper works through two
 * connections of its own that it never ends: an administrator outside the database
 * and a locker inside it, which can hold a table so that a request stays in flight
 * until its connection is ended.
 */
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool } from 'mysql2';
import { createConnection, type Connection } from 'mysql2/promise';
import pg from 'pg';
import { vi } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createTables, guardPool, loadData } from '../../src/layers/sql/index.js';
import { READY_TIMEOUT_MS } from './owned.js';

/** A private database and what a test does to its connections. */
export interface PrivateDatabase {
  /** The URL of the database (for `serve --db`, or a pool). */
  readonly url: string;
  /** Ends every connection to the database but the helper's; resolves with how many it ended. */
  endConnections(): Promise<number>;
  /** Holds a write lock on `table` (statements reading it wait) until `release`. */
  lock(table: string): Promise<{ release(): Promise<void> }>;
  /** Resolves once at least `count` connections wait for a lock in the database. */
  lockWaiters(count: number): Promise<void>;
  drop(): Promise<void>;
}

function privateName(): string {
  return `jq_drop_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Polls `probe` until it holds: a readiness wait, bounded by `READY_TIMEOUT_MS`. */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await probe())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: READY_TIMEOUT_MS, interval: 20 },
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function fill(db: Kysely<any>): Promise<void> {
  try {
    await createTables(db, exampleSchema);
    await loadData(db, exampleSchema, undefined, exampleData);
  } finally {
    await db.destroy();
  }
}

/** Creates a PostgreSQL database next to the one `serverUrl` names. */
export async function privatePostgresDatabase(serverUrl: string): Promise<PrivateDatabase> {
  const name = privateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = withDatabase(serverUrl, name);
  const locker = new pg.Client({ connectionString: url });
  try {
    await fill(new Kysely({ dialect: new PostgresDialect({ pool: guardPool(new pg.Pool({ connectionString: url, max: 2 })) }) }));
    await locker.connect();
  } catch (error) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  const lockerPid = Number((await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
  const others = `datname = $1 and pid <> pg_backend_pid() and pid <> $2`;
  return {
    url,
    async endConnections() {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity where ${others}`,
        [name, lockerPid],
      );
      return rows.filter((row) => row.ended).length;
    },
    async lock(table) {
      await locker.query('begin');
      await locker.query(`lock table "${table}" in access exclusive mode`);
      return { release: async () => void (await locker.query('rollback')) };
    },
    lockWaiters: (count) =>
      until(`${count} sessions waiting for a lock`, async () => {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where ${others} and wait_event_type = 'Lock'`,
          [name, lockerPid],
        );
        return Number(rows[0]?.n) >= count;
      }),
    async drop() {
      await locker.end().catch(() => undefined);
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Creates a MariaDB (or MySQL) database on the server `serverUrl` names. */
export async function privateMariadbDatabase(serverUrl: string): Promise<PrivateDatabase> {
  const name = privateName();
  const admin = await createConnection({ uri: serverUrl });
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_nopad_bin`);
  const url = withDatabase(serverUrl, name);
  let locker: Connection;
  try {
    const pool = guardPool(createPool({ uri: url, connectionLimit: 2, charset: 'utf8mb4' }));
    await fill(new Kysely({ dialect: new MysqlDialect({ pool }) }));
    locker = await createConnection({ uri: url, charset: 'utf8mb4' });
  } catch (error) {
    await admin.query(`drop database if exists \`${name}\``);
    await admin.end();
    throw error;
  }
  const others = 'db = ? and id <> connection_id() and id <> ?';
  const ids = async (condition: string): Promise<number[]> => {
    const [rows] = await admin.query(`select id from information_schema.processlist where ${others}${condition}`, [
      name,
      locker.threadId,
    ]);
    return (rows as { id: number }[]).map((row) => Number(row.id));
  };
  return {
    url,
    async endConnections() {
      let ended = 0;
      for (const id of await ids('')) {
        try {
          await admin.query(`kill connection ${id}`);
          ended += 1;
        } catch (error) {
          // The connection ended by itself in between: ER_NO_SUCH_THREAD.
          if ((error as { errno?: unknown }).errno !== 1094) throw error;
        }
      }
      return ended;
    },
    async lock(table) {
      await locker.query(`lock tables \`${table}\` write`);
      return { release: async () => void (await locker.query('unlock tables')) };
    },
    lockWaiters: (count) =>
      until(`${count} connections waiting for a lock`, async () => {
        const waiting = await ids(" and command = 'Query' and state like '%lock%'");
        return waiting.length >= count;
      }),
    async drop() {
      await locker.end().catch(() => undefined);
      try {
        await admin.query(`drop database if exists \`${name}\``);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * Sends `request` while `table` is locked, ends every connection once the request
 * waits on the lock (its own among them), then releases the lock. Resolves with the
 * request's outcome and the number of connections ended.
 */
export async function endInFlight<T>(
  database: PrivateDatabase,
  table: string,
  request: () => Promise<T>,
): Promise<{ answer: T; ended: number }> {
  const lock = await database.lock(table);
  try {
    const pending = request();
    await database.lockWaiters(1);
    const ended = await database.endConnections();
    return { answer: await pending, ended };
  } finally {
    await lock.release();
  }
}
