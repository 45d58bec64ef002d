/**
 * An Atomic Operations batch sent to a writable handler over PostgreSQL or MariaDB
 * whose connection the server ends in the middle of its transaction: its first
 * operations have run (a create and an update of computers), the next waits on a lock
 * on the person table, and another session ends the connection (`pg_terminate_backend`
 * / `KILL CONNECTION`) once it waits — a readiness wait, not a sleep. The handler
 * answers 503 `service_unavailable` without the driver's words, nothing of the batch is
 * written (every person and computer read back through the handler as before), and the
 * handler answers the next requests normally: a read, and the same batch applied.
 * An engine whose URL is unset is reported as skipped.
 */
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler, type Handler, type HandlerRequest } from '../../src/http/index.js';
import { createSqlLayer, guardPool } from '../../src/layers/sql/index.js';
import { endInFlight, privateMariadbDatabase, privatePostgresDatabase, type PrivateDatabase } from '../helpers/private-database.js';

const { postgres, mariadb } = inject('sqlEngines');
const ATOMIC = 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** One connection: the batch's is the pool's only one, so the one the server ends is the one the batch held. */
const SERVERS = [
  {
    name: 'postgres',
    url: postgres.url,
    skipped: postgres.skipped,
    open: privatePostgresDatabase,
    db: (url: string): Db => new Kysely({ dialect: new PostgresDialect({ pool: guardPool(new pg.Pool({ connectionString: url, max: 1 })) }) }),
  },
  {
    name: 'mariadb',
    url: mariadb.url,
    skipped: mariadb.skipped,
    open: privateMariadbDatabase,
    db: (url: string): Db => new Kysely({ dialect: new MysqlDialect({ pool: guardPool(createPool({ uri: url, connectionLimit: 1, charset: 'utf8mb4' })) }) }),
  },
];

/** Creates a computer and moves computer 1 (the computer table is free), then creates a person (its table locked). */
const BATCH: HandlerRequest = {
  method: 'POST',
  path: '/operations',
  query: '',
  headers: { 'content-type': ATOMIC, accept: ATOMIC },
  body: JSON.stringify({
    'atomic:operations': [
      { op: 'add', data: { type: 'computer', lid: 'c', attributes: { serial: 'KILLED' } } },
      { op: 'update', ref: { type: 'computer', id: '1' }, data: { type: 'computer', id: '1', attributes: { serial: 'MOVED' }, relationships: { owner: { data: null } } } },
      { op: 'add', data: { type: 'person', lid: 'p', attributes: { name: 'Killed', display_name: 'Killed' }, relationships: { computers: { data: [{ type: 'computer', lid: 'c' }] } } } },
    ],
  }),
};

/** Every person and computer with both sides of their relationship, read through the handler. */
async function state(handler: Handler): Promise<string[]> {
  const reads = [
    ['/persons', 'include=computers&page[size]=100'],
    ['/computers', 'include=owner&page[size]=100'],
  ] as const;
  const bodies: string[] = [];
  for (const [path, query] of reads) {
    const response = await handler({ method: 'GET', path, query, headers: {} });
    expect(response.status).toBe(200);
    bodies.push(response.body);
  }
  return bodies;
}

for (const server of SERVERS) {
  describe.skipIf(server.skipped !== undefined)(
    `an atomic batch through the handler on ${server.name} whose connection is ended mid-transaction${server.skipped === undefined ? '' : ` (skipped: ${server.skipped})`}`,
    () => {
      let database: PrivateDatabase;
      let db: Db;
      beforeAll(async () => {
        database = await server.open(server.url ?? '');
        db = server.db(database.url);
      });
      afterAll(async () => {
        await db?.destroy();
        await database?.drop();
      });

      it('answers 503 service_unavailable without driver text, writes nothing, and answers the next requests normally', async () => {
        const handler = createHandler({ schema: exampleSchema, dataLayer: createSqlLayer({ db, schema: exampleSchema }), writable: true });
        const before = await state(handler);
        const { answer, ended } = await endInFlight(database, 'person', () => handler(BATCH));
        expect(ended).toBe(1);
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBeDefined();
        const { errors } = JSON.parse(answer.body) as { errors: { status: string; code: string; detail: string }[] };
        expect(errors).toEqual([expect.objectContaining({ status: '503', code: 'service_unavailable', detail: 'The data store is unavailable; retry later.' })]);
        expect(answer.body).not.toMatch(/terminat|administrator|kill|connection|ECONN|insert|update|select|computer"/i);
        // Recovery: the next request gets a new connection and the answer it would have had.
        expect(await state(handler)).toEqual(before);
        const again = await handler(BATCH);
        expect(again.status).toBe(200);
        const [computer, moved, person] = (JSON.parse(again.body) as { 'atomic:results': { data: { id: string; attributes: Record<string, unknown> } }[] })['atomic:results'];
        expect(computer?.data.attributes).toEqual({ serial: 'KILLED' });
        expect(moved?.data.attributes).toEqual({ serial: 'MOVED' });
        expect(person?.data.attributes).toMatchObject({ name: 'Killed', display_name: 'Killed' });
        const owner = await handler({ method: 'GET', path: `/computers/${computer?.data.id ?? ''}/relationships/owner`, query: '', headers: {} });
        expect(JSON.parse(owner.body)).toMatchObject({ data: { type: 'person', id: person?.data.id } });
      });
    },
  );
}
