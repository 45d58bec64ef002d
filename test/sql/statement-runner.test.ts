/**
 * Prepared statements on SQLite (src/layers/sql/statement-runner.ts): given the
 * better-sqlite3 database under its Kysely instance, the layer prepares each of its
 * statement texts once while it stays among the `statementCacheSize` most recently
 * used; it runs them on Kysely's connection in turn (never inside a transaction
 * another caller has open); a Kysely instance with plugins, or a size of 0, runs
 * every statement through Kysely; a database that is not the Kysely instance's, or
 * a dialect other than SQLite, is refused at start-up.
 */
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, type KyselyPlugin, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleData, exampleSchema } from '../../src/example/index.js';
import { createOperation } from '../../src/operations/operation-factories.js';
import {
  createSqlLayer,
  createTables,
  loadData,
  type PreparableSqliteDatabase,
  registerSqliteFunctions,
  SqlSetupError,
} from '../../src/layers/sql/index.js';
import { preparedRunner } from '../../src/layers/sql/statement-runner.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { context, readRequest } from './fixtures.js';

/** The statements Kysely ran, and the texts the database was asked to prepare for the layer. */
interface Observed {
  readonly throughKysely: string[];
  readonly prepared: string[];
}

const opened: Kysely<unknown>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

/** An in-memory database with the example loaded, its Kysely instance, and the layer's view of the database counting prepares. */
async function setUp(plugins: KyselyPlugin[] = []) {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const observed: Observed = { throughKysely: [], prepared: [] };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database }), plugins, log: (event) => void observed.throughKysely.push(event.query.sql) });
  opened.push(db);
  await createTables(db, exampleSchema);
  await loadData(db, exampleSchema, undefined, exampleData);
  observed.throughKysely.length = 0;
  const counting: PreparableSqliteDatabase = {
    prepare(text) {
      observed.prepared.push(text);
      return database.prepare(text);
    },
    function: (name, options, implementation) => database.function(name, options, implementation),
  };
  return { database, db, counting, observed };
}

const read = (query: string) => readRequest(parseQuery(query, { schema: exampleSchema, type: 'person' }));
const create = (serial: string) => ({ operations: [createOperation('computer', { attributes: { serial }, relationships: {} })] });

describe('prepared statements on SQLite', () => {
  it('prepares each text once, runs later requests of its shape on it, and answers as through Kysely', async () => {
    const { db, counting, observed } = await setUp();
    const prepared = createSqlLayer({ db, schema: exampleSchema, sqliteDatabase: counting });
    const plain = createSqlLayer({ db, schema: exampleSchema });
    await prepared.verify();
    for (const name of ['John', 'Alice', 'Nobody']) {
      const query = `filter[name]=${name}&page[size]=2`;
      expect(await prepared.read(read(query), context)).toEqual(await plain.read(read(query), context));
    }
    const texts = new Set(observed.prepared);
    expect(observed.prepared).toHaveLength(texts.size); // the page and its count, each prepared once for three reads
    expect(texts.size).toBe(2);
    for (const serial of ['N1', 'N2', 'N3']) {
      const { ids, rows } = await prepared.apply(create(serial), context);
      expect(rows?.[0]).toMatchObject({ id: ids[0], serial });
    }
    expect(observed.prepared).toHaveLength(3); // one insert text for three creates
    const stored = await db.selectFrom('computer').select('serial').where('serial', 'like', 'N_').orderBy('serial').execute();
    expect(stored.map(({ serial }) => serial)).toEqual(['N1', 'N2', 'N3']);
  });

  it('keeps at most the limit of texts prepared, the least recently used dropped first: at the limit and one past it', async () => {
    const { db, counting, observed } = await setUp();
    const runner = preparedRunner(db, counting, 2);
    const run = (text: string) => runner.run(db, CompiledQuery.raw(text, []));
    await run('select 1 as a');
    await run('select 2 as a');
    await run('select 1 as a'); // two texts: both kept
    expect(observed.prepared).toEqual(['select 1 as a', 'select 2 as a']);
    await run('select 3 as a'); // one past the limit: drops `select 2`, the least recently used
    await run('select 1 as a');
    expect(observed.prepared).toEqual(['select 1 as a', 'select 2 as a', 'select 3 as a']);
    await run('select 2 as a');
    expect(observed.prepared).toEqual(['select 1 as a', 'select 2 as a', 'select 3 as a', 'select 2 as a']);
    expect((await run('select 3 as a')).rows).toEqual([{ a: 3 }]);
  });

  it('runs every statement through Kysely with a size of 0 or on a Kysely instance with plugins', async () => {
    const none = await setUp();
    const layer = createSqlLayer({ db: none.db, schema: exampleSchema, sqliteDatabase: none.counting, statementCacheSize: 0 });
    await layer.read(read('filter[name]=John'), context);
    await layer.apply(create('Z1'), context);
    expect(none.observed.prepared).toEqual([]);
    expect(none.observed.throughKysely.some((text) => text.startsWith('insert into "computer"'))).toBe(true);

    const counted = { statements: 0 };
    const countingPlugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        counted.statements += 1;
        return node;
      },
      transformResult: async ({ result }) => Promise.resolve(result),
    };
    const withPlugin = await setUp([countingPlugin]);
    const pluginLayer = createSqlLayer({ db: withPlugin.db, schema: exampleSchema, sqliteDatabase: withPlugin.counting });
    await pluginLayer.read(read('filter[name]=John'), context);
    await pluginLayer.read(read('filter[name]=Alice'), context);
    expect(withPlugin.observed.prepared).toEqual([]);
    expect(withPlugin.observed.throughKysely.filter((text) => text.includes('from "person"'))).toHaveLength(4);
  });

  it('never runs a statement inside a transaction another caller has open on the connection', async () => {
    const { db, counting } = await setUp();
    const layer = createSqlLayer({ db, schema: exampleSchema, sqliteDatabase: counting });
    await layer.verify();
    const query = read('filter[name]=Uncommitted');
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = (): void => undefined;
    const written = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        try {
          await trx.insertInto('person').values({ id: '999', name: 'Uncommitted', display_name: 'U' }).execute();
        } finally {
          inserted();
        }
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: unknown) => error);
    await written;
    const answer = layer.read(query, context);
    release();
    expect(await transaction).toEqual(new Error('rolled back on purpose'));
    expect((await answer).rows).toEqual([]);
    // The same read inside that transaction would have found the row: the read waited for the connection.
    const inside = await db.transaction().execute(async (trx) => {
      await trx.insertInto('person').values({ id: '999', name: 'Uncommitted', display_name: 'U' }).execute();
      const found = await createSqlLayer({ db: trx, schema: exampleSchema, sqliteDatabase: counting }).read(query, context);
      throw Object.assign(new Error('rolled back'), { found });
    }).catch((error: unknown) => (error as { found: unknown }).found);
    expect(inside).toMatchObject({ rows: [{ id: '999', name: 'Uncommitted' }] });
  });

  it('refuses at start-up a database that is not the Kysely instance’s, and another dialect', async () => {
    const { db } = await setUp();
    const other = new Database(':memory:');
    const layer = createSqlLayer({ db, schema: exampleSchema, sqliteDatabase: other });
    const refusal = layer.verify();
    await expect(refusal).rejects.toThrow(SqlSetupError);
    await expect(refusal).rejects.toThrow(
      'sqliteDatabase is not the database under the Kysely instance: give the better-sqlite3 Database passed to its SqliteDialect',
    );
    await expect(layer.read(read('filter[name]=John'), context)).rejects.toThrow();
    other.close();
    expect(() => createSqlLayer({ db, schema: exampleSchema, dialect: 'postgres', sqliteDatabase: other })).toThrow(
      "sqliteDatabase is for the 'sqlite' dialect; this layer's is 'postgres'",
    );
    expect(() => createSqlLayer({ db, schema: exampleSchema, sqliteDatabase: {} as PreparableSqliteDatabase })).toThrow(
      'sqliteDatabase must be a better-sqlite3 Database (with prepare and function)',
    );
    await sql`select 1`.execute(db);
  });
});

describe('prepared statements on a layer never verified', () => {
  it('checks the database on the first statement, inside a transaction or not, concurrently', async () => {
    const { db, counting, observed } = await setUp();
    const layer = createSqlLayer({ db, schema: exampleSchema, sqliteDatabase: counting });
    const list = {
      operations: [
        createOperation('computer', { attributes: { serial: 'F1' }, relationships: {} }),
        createOperation('computer', { attributes: { serial: 'F2' }, relationships: {} }),
      ],
    };
    const [written, found] = await Promise.all([layer.apply(list, context), layer.read(read('filter[name]=John'), context)]);
    expect(written.ids).toHaveLength(2);
    expect(found.rows.map((row) => row.name)).toEqual(['John']);
    expect(observed.prepared.length).toBeGreaterThan(0);
  });
});
