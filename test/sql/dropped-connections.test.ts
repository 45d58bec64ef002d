/**
 * A library application built as docs/sql-layer.md shows (a guarded pool, Kysely,
 * `createSqlLayer` with a statement timeout, `createHandler`) keeps serving when the
 * database server ends its connections, idle or under load: the request whose
 * connection is ended gets a 503 with `Retry-After`, the pool opens new connections,
 * and the process never crashes (an unguarded pool throws an unhandled `'error'`,
 * which fails this file).
 */
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler } from '../../src/http/handler.js';
import { DataLayerError, type DataLayer } from '../../src/layers/data-layer.js';
import { createSqlLayer, guardPool } from '../../src/layers/sql/index.js';
import { expectOkOrRetry, expectRecovers, expectRetry, startLoad, type Ask } from '../helpers/answer-checks.js';
import {
  endInFlight,
  privateMariadbDatabase,
  privatePostgresDatabase,
  type PrivateDatabase,
} from '../helpers/private-database.js';

const { postgres, mariadb } = inject('sqlEngines');

/** The application of docs/sql-layer.md on one engine, the pool errors it was told of and the failures it logged. */
interface Application {
  readonly handle: Handler;
  readonly poolErrors: Error[];
  readonly logged: unknown[];
  close(): Promise<void>;
}

/** The handler over `dataLayer`, logging into `logged`. */
function application(db: { destroy(): Promise<void> }, dataLayer: DataLayer, poolErrors: Error[]): Application {
  const logged: unknown[] = [];
  const handle = createHandler({ schema: exampleSchema, dataLayer, logger: { error: (_message, error) => logged.push(error) } });
  return { handle, poolErrors, logged, close: () => db.destroy() };
}

function postgresApplication(url: string): Application {
  const poolErrors: Error[] = [];
  const pool = guardPool(new pg.Pool({ connectionString: url, max: 4 }), { onError: (error) => poolErrors.push(error) });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return application(db, createSqlLayer({ db, schema: exampleSchema, statementTimeoutMs: 30_000 }), poolErrors);
}

function mariadbApplication(url: string): Application {
  const poolErrors: Error[] = [];
  const pool = guardPool(createPool({ uri: url, connectionLimit: 4, charset: 'utf8mb4' }), {
    onError: (error) => poolErrors.push(error),
  });
  const db = new Kysely({ dialect: new MysqlDialect({ pool }) });
  return application(db, createSqlLayer({ db, schema: exampleSchema, statementTimeoutMs: 30_000 }), poolErrors);
}

/** Sends a request to the handler as an adapter would. */
function asker(handle: Handler): Ask {
  return async (target) => {
    const [path = '', query = ''] = target.split('?');
    const response = await handle({ method: 'GET', path, query, headers: { accept: 'application/vnd.api+json' } });
    return { path: target, status: response.status, retryAfter: response.headers['retry-after'], body: response.body };
  };
}

/** Each server, and what its driver says to a statement whose connection is ended. */
const SERVERS = [
  {
    name: 'postgres',
    url: postgres.url,
    skipped: postgres.skipped,
    open: privatePostgresDatabase,
    application: postgresApplication,
    ended: /terminating connection due to administrator command/,
  },
  {
    name: 'mariadb',
    url: mariadb.url,
    skipped: mariadb.skipped,
    open: privateMariadbDatabase,
    application: mariadbApplication,
    ended: /Connection was killed|Connection lost: The server closed the connection/,
  },
];

for (const server of SERVERS) {
  describe.skipIf(server.skipped !== undefined)(
    `a library application on ${server.name} whose connections the server ends${server.skipped === undefined ? '' : ` (skipped: ${server.skipped})`}`,
    () => {
      let database: PrivateDatabase;
      let application: Application;
      let ask: Ask;
      beforeAll(async () => {
        database = await server.open(server.url ?? '');
        application = server.application(database.url);
        ask = asker(application.handle);
      });
      afterAll(async () => {
        await application.close();
        await database.drop();
      });

      it('serves on after its idle connections are ended', async () => {
        expect((await ask('/persons?include=computers')).status).toBe(200);
        const ended = await database.endConnections();
        expect(ended).toBeGreaterThan(0);
        // The idle connections' errors reach the guard, which tells the application.
        await vi.waitFor(() => expect(application.poolErrors.length).toBeGreaterThan(0), { timeout: 30_000 });
        await expectRecovers(ask, '/persons?include=computers', ended);
        expect((await ask('/persons/1')).status).toBe(200);
      });

      it('answers 503 with Retry-After to the request whose connection is ended, and 200 to the next', async () => {
        application.logged.length = 0;
        const { answer, ended } = await endInFlight(database, 'person', () => ask('/persons/1'));
        expectRetry(answer);
        // The log names the cause, not the failed clean-up on the dead connection after it.
        expect(application.logged).toHaveLength(1);
        const [failure] = application.logged;
        expect(failure).toBeInstanceOf(DataLayerError);
        expect((failure as DataLayerError).reason).toBe('unavailable');
        expect((failure as DataLayerError).message).toMatch(server.ended);
        await expectRecovers(ask, '/persons/1', ended);
      });

      it('never answers 500 while connections are ended under load, and serves on afterwards', async () => {
        const load = startLoad(ask);
        let ended = 0;
        try {
          for (let round = 0; round < 3; round += 1) {
            await load.more(20);
            ended += await database.endConnections();
          }
          await load.more(20);
        } finally {
          const answers = await load.stop();
          for (const answer of answers) expectOkOrRetry(answer);
        }
        expect(ended).toBeGreaterThan(0);
        await expectRecovers(ask, '/persons?include=computers', ended);
      });
    },
  );
}
