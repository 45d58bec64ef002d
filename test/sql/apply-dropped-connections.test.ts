/**
 * A write list whose connection the server ends in the middle of its transaction
 * (after its first statements, while a later one waits on a lock) applies nothing:
 * the layer rejects with a `DataLayerError` `unavailable` (a 503), the server rolls
 * the transaction back, and the next list applies on a new connection. With and
 * without a statement timeout (which runs the list in the timeout's transaction);
 * a list the statement timeout stops while it waits on a lock applies nothing; and
 * of two deadlocked lists, the one the server ends applies nothing and is worth
 * running again (`unavailable`, a 503).
 */
import { Kysely, MysqlDialect, PostgresDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { DataLayerError } from '../../src/layers/data-layer.js';
import { createSqlLayer, guardPool, type SqlLayer } from '../../src/layers/sql/index.js';
import { createOperation, idRef, updateOperation } from '../../src/operations/operation-factories.js';
import { ID_ORDER } from '../../src/rules/id-tie-break.js';
import { endInFlight, privateMariadbDatabase, privatePostgresDatabase, type PrivateDatabase } from '../helpers/private-database.js';

const { postgres, mariadb } = inject('sqlEngines');
const context = { signal: new AbortController().signal };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const SERVERS = [
  {
    name: 'postgres',
    url: postgres.url,
    skipped: postgres.skipped,
    open: privatePostgresDatabase,
    db: (url: string): Db => new Kysely({ dialect: new PostgresDialect({ pool: guardPool(new pg.Pool({ connectionString: url, max: 3 })) }) }),
  },
  {
    name: 'mariadb',
    url: mariadb.url,
    skipped: mariadb.skipped,
    open: privateMariadbDatabase,
    db: (url: string): Db => new Kysely({ dialect: new MysqlDialect({ pool: guardPool(createPool({ uri: url, connectionLimit: 3, charset: 'utf8mb4' })) }) }),
  },
];

/** Every person and computer with its owner: what a list could have changed. */
async function state(layer: SqlLayer): Promise<unknown> {
  const read = async (type: string) => (await layer.read({ type, filter: null, sort: ID_ORDER, offset: 0, limit: null }, context)).rows;
  const computers = await read('computer');
  const owners = await Promise.all(
    computers.map(async (row) => (await layer.readLinkage({ type: 'computer', id: row.id, relationship: 'owner', filter: null, sort: ID_ORDER, offset: 0, limit: null }, context))?.ids),
  );
  return { persons: await read('person'), computers, owners };
}

/**
 * `work` once the pool has let go of its ended connections: a call that takes one
 * before the driver has seen the server's goodbye is `unavailable`, at most twice per
 * ended connection (as docs/sql-layer.md says of requests).
 */
async function afterEnding<T>(ended: number, work: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await work();
    } catch (error) {
      expect(error).toBeInstanceOf(DataLayerError);
      expect((error as DataLayerError).reason).toBe('unavailable');
      expect(failures + 1).toBeLessThanOrEqual(2 * ended);
    }
  }
}

for (const server of SERVERS) {
  describe.skipIf(server.skipped !== undefined)(
    `a write list on ${server.name} whose connection is ended mid-transaction${server.skipped === undefined ? '' : ` (skipped: ${server.skipped})`}`,
    () => {
      let database: PrivateDatabase;
      let db: Db;
      beforeAll(async () => {
        database = await server.open(server.url ?? '');
        db = server.db(database.url);
      });
      afterAll(async () => {
        await db.destroy();
        await database.drop();
      });

      it('applies nothing when the statement timeout stops a list waiting on a lock', async () => {
        const layer = createSqlLayer({ db, schema: exampleSchema, statementTimeoutMs: 250 });
        const before = await state(layer);
        const operations = [
          createOperation('computer', { attributes: { serial: 'TIMED OUT' }, relationships: {} }),
          createOperation('person', { attributes: { name: 'Timed out', display_name: 'Timed out' }, relationships: {} }),
        ];
        const lock = await database.lock('person');
        let answer: unknown;
        try {
          answer = await layer.apply({ operations }, context).then(
            () => new Error('applied'),
            (error: unknown) => error,
          );
        } finally {
          await lock.release();
        }
        expect(answer).toBeInstanceOf(DataLayerError);
        expect((answer as DataLayerError).reason).toBe('timeout');
        expect(await state(layer)).toEqual(before);
      });

      it('ends one of two deadlocked lists with a DataLayerError unavailable (worth running again), applying nothing of it', async () => {
        const layer = createSqlLayer({ db, schema: exampleSchema });
        const rename = (type: string, id: string, value: Record<string, unknown>) => updateOperation(idRef(type, id), { attributes: value, relationships: {} });
        // Each list locks one person, waits on the locked computer table, then wants the other's person.
        const lists = [
          [rename('person', '1', { display_name: 'first' }), rename('computer', '1', { serial: 'first' }), rename('person', '2', { display_name: 'first' })],
          [rename('person', '2', { display_name: 'second' }), rename('computer', '2', { serial: 'second' }), rename('person', '1', { display_name: 'second' })],
        ];
        const lock = await database.lock('computer');
        let outcomes: unknown[];
        try {
          const pending = lists.map((operations) =>
            layer.apply({ operations }, context).then(
              () => 'applied',
              (error: unknown) => error,
            ),
          );
          await database.lockWaiters(2);
          await lock.release();
          outcomes = await Promise.all(pending);
        } finally {
          await lock.release().catch(() => undefined);
        }
        const winner = outcomes.indexOf('applied');
        expect(winner).toBeGreaterThanOrEqual(0);
        const loser = outcomes[1 - winner];
        expect(loser).toBeInstanceOf(DataLayerError);
        expect((loser as DataLayerError).reason).toBe('unavailable');
        const name = winner === 0 ? 'first' : 'second';
        expect(await layer.readOne('person', '1', context)).toMatchObject({ display_name: name });
        expect(await layer.readOne('person', '2', context)).toMatchObject({ display_name: name });
        expect(await layer.readOne('computer', String(winner + 1), context)).toMatchObject({ serial: name });
        expect(await layer.readOne('computer', String(2 - winner), context)).not.toMatchObject({ serial: winner === 0 ? 'second' : 'first' });
      });

      it.each([
        ['without a statement timeout', undefined],
        ['with a statement timeout', 30_000],
      ])('applies nothing %s, and the next list applies', async (_, statementTimeoutMs) => {
        const layer = createSqlLayer({ db, schema: exampleSchema, ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }) });
        const before = await state(layer);
        // A create and a move of computer 1 first (the computer table is free), then a person create waits on the lock.
        const operations = [
          createOperation('computer', { attributes: { serial: 'DROPPED' }, relationships: {} }),
          updateOperation(idRef('computer', '1'), { attributes: { serial: 'MOVED' }, relationships: { owner: null } }),
          createOperation('person', { attributes: { name: 'Dropped', display_name: 'Dropped' }, relationships: {} }),
        ];
        const { answer, ended } = await endInFlight(database, 'person', () =>
          layer.apply({ operations }, context).then(
            () => new Error('applied'),
            (error: unknown) => error,
          ),
        );
        expect(ended).toBeGreaterThan(0);
        expect(answer).toBeInstanceOf(DataLayerError);
        expect((answer as DataLayerError).reason).toBe('unavailable');
        expect(await afterEnding(ended, () => state(layer))).toEqual(before);
        const { ids } = await afterEnding(ended, () => layer.apply({ operations: operations.slice(0, 1) }, context));
        expect(await layer.readOne('computer', ids[0] as string, context)).toMatchObject({ serial: 'DROPPED' });
      });
    },
  );
}
