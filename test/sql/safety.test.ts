/**
 * Safety of the SQL layer on every engine: hostile text in every query parameter
 * reaches the database only as bound values (or is rejected by the parser before
 * any SQL runs), identifiers come only from the mapping, include costs one query
 * per path step, and failures become `DataLayerError`s with the right reason.
 */
import { Kysely, MysqlDialect, PostgresDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { DataLayerError } from '../../src/layers/data-layer.js';
import { createSqlLayer } from '../../src/layers/sql/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { context, readRequest } from './fixtures.js';

const PAYLOADS = [
  "'; DROP TABLE person; --",
  '" OR 1=1 --',
  "\\'; SELECT pg_sleep(5); --",
  '`person`; DELETE FROM computer',
  "x' UNION SELECT id, id, id, id, id FROM computer --",
  '$1; --',
  // A digit keeps it a word for `match` (a value without words is a QueryError).
  '?; /* 1 */',
];

/** Fragments of the payloads that no statement of the layer ever contains. */
const MARKERS = ['drop', 'sleep', 'union', 'delete', '1=1', '$1;', '?;', '--', '/*'];

/** Query strings placing a payload in every parameter of the specification. */
function hostileQueries(payload: string): string[] {
  const json = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
  const p = encodeURIComponent(payload);
  return [
    `filter[name]=${p}`,
    `filter=${json([{ name: 'name', op: 'like', val: `%${payload}%` }])}`,
    `filter=${json([{ name: 'name', op: 'ilike', val: payload }])}`,
    `filter=${json([{ name: 'display_name', op: 'match', val: payload }])}`,
    `filter=${json([{ name: 'name', op: 'startswith', val: payload }])}`,
    `filter=${json([{ name: 'gender', op: 'in_', val: [payload, 'm'] }])}`,
    `filter=${json([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'endswith', val: payload } }])}`,
    `filter=${json([{ name: 'name', op: 'between', val: [payload, `${payload}z`] }])}`,
    `filter[${p}]=x`,
    `filter=${json([{ name: payload, op: 'eq', val: 'x' }])}`,
    `filter=${json([{ name: 'name', op: payload, val: 'x' }])}`,
    `filter=${json([{ name: 'name', op: 'eq', field: payload }])}`,
    `sort=${p}`,
    `sort=-name,${p}`,
    `include=${p}`,
    `fields[person]=${p}`,
    `fields[${p}]=name`,
    `page[size]=${p}`,
  ];
}

const engines = await availableEngines();
for (const { name, reason } of skippedEngines()) {
  describe.skip(`safety on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

describe.each(engines.map((engine) => [engine.name, engine] as const))('safety on %s', (name, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData);
  });
  afterAll(async () => {
    await instance.close();
  });

  it.each(PAYLOADS)('payload %s reaches the database only as a bound value', async (payload) => {
    let executed = 0;
    for (const query of hostileQueries(payload)) {
      let ast;
      try {
        ast = parseQuery(query, { schema: exampleSchema, type: 'person' });
      } catch (error) {
        expect(isQueryError(error), query).toBe(true);
        continue;
      }
      instance.clearLog();
      await instance.layer.read(readRequest(ast), context);
      expect(instance.statements.length, query).toBeGreaterThan(0);
      for (const statement of instance.statements) {
        const text = statement.sql.toLowerCase();
        expect(text, query).not.toContain(payload.toLowerCase());
        for (const marker of MARKERS) expect(text, query).not.toContain(marker);
      }
      executed++;
    }
    expect(executed).toBeGreaterThanOrEqual(8);
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from person`.execute(instance.kysely);
    expect(Number(rows[0]?.n)).toBe(exampleData.person.length);
  });

  it('refuses field names the schema does not declare, before any SQL', async () => {
    instance.clearLog();
    const filter = { kind: 'compare', field: 'name"; drop table person; --', op: 'eq', value: 'x' } as unknown as FilterNode;
    await expect(
      instance.layer.read({ type: 'person', filter, sort: [], offset: 0, limit: 10 }, context),
    ).rejects.toThrow(/Unknown field/);
    await expect(
      instance.layer.read(
        { type: 'person', filter: null, sort: [{ path: [], field: 'x" desc; --', direction: 'asc' }], offset: 0, limit: 10 },
        context,
      ),
    ).rejects.toThrow(/Unknown field/);
    await expect(
      instance.layer.readIncluded({ type: 'person', relationship: 'computers; --', ids: ['1'] }, context),
    ).rejects.toThrow(/Unknown relationship/);
    expect(instance.queries).toEqual([]);
  });

  it('answers include with one query per path step, whatever the page size', async () => {
    for (const size of [3, 30]) {
      const ast = parseQuery(`page[size]=${size}&include=computers.owner`, { schema: exampleSchema, type: 'person' });
      const { rows } = await instance.layer.read(readRequest(ast), context);
      instance.clearLog();
      const computers = await instance.layer.readIncluded(
        { type: 'person', relationship: 'computers', ids: rows.map((row) => row.id) },
        context,
      );
      const computerIds = [...computers.values()].flat().map((row) => row.id);
      await instance.layer.readIncluded({ type: 'computer', relationship: 'owner', ids: computerIds }, context);
      expect(instance.queries).toHaveLength(2);
    }
  });

  it('splits include id lists only past the chunk size', async () => {
    const chunked = createSqlLayer({ db: instance.kysely, schema: exampleSchema, includeChunkSize: 4 });
    instance.clearLog();
    const ids = exampleData.person.map((person) => person.id);
    const result = await chunked.readIncluded({ type: 'person', relationship: 'computers', ids }, context);
    expect(instance.queries).toHaveLength(Math.ceil(ids.length / 4));
    expect(result.get('1')?.map((row) => row.id)).toEqual(['1', '2', '25']);
  });

  it('reads the same with a statement timeout set', async () => {
    const limited = createSqlLayer({ db: instance.kysely, schema: exampleSchema, statementTimeoutMs: 5_000 });
    const ast = parseQuery('filter[computers__serial]=SN1002&sort=name&page[size]=1&page[number]=2', { schema: exampleSchema, type: 'person' });
    const expected = await instance.layer.read(readRequest(ast), context);
    expect(expected.total).toBe(2);
    expect(await limited.read(readRequest(ast), context)).toEqual(expected);
    expect(await limited.readIncluded({ type: 'person', relationship: 'computers', ids: ['1'] }, context)).toEqual(
      await instance.layer.readIncluded({ type: 'person', relationship: 'computers', ids: ['1'] }, context),
    );
  });

  it('reads nothing once the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    instance.clearLog();
    const failure = await instance.layer.readOne('person', '1', { signal: controller.signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DataLayerError);
    expect((failure as DataLayerError).reason).toBe('timeout');
    expect(instance.queries).toEqual([]);
  });

  it('turns a database error into DataLayerError internal', async () => {
    const broken = createSqlLayer({
      db: instance.kysely,
      schema: exampleSchema,
      mapping: { types: { person: { table: 'no_such_table' } } },
    });
    const failure = await broken.readOne('person', '1', context).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DataLayerError);
    expect((failure as DataLayerError).reason).toBe('internal');
    expect(name).toBeTruthy();
  });

  it('quotes identifiers from the mapping', async () => {
    const odd = await engine.create(
      exampleSchema,
      exampleData,
      {
        mapping: {
          types: {
            person: { table: 'we"ird`table', columns: { name: 'na"me`col' } },
            computer: { relationships: { owner: { foreignKey: "own'er" } } },
          },
        },
      },
    );
    try {
      const ast = parseQuery('filter[name]=John&sort=-name', { schema: exampleSchema, type: 'person' });
      const { rows } = await odd.layer.read(readRequest(ast), context);
      expect(rows.map((row) => [row.id, row['name']])).toEqual([['1', 'John']]);
      const owners = await odd.layer.readIncluded({ type: 'computer', relationship: 'owner', ids: ['1', '26'] }, context);
      expect(owners.get('1')?.map((row) => row.id)).toEqual(['1']);
      expect(owners.get('26')).toEqual([]);
    } finally {
      await odd.close();
    }
  });
});

const POSTGRES_URL = process.env['JSONAPI_QUERY_POSTGRES_URL'];
const MYSQL_URL = process.env['JSONAPI_QUERY_MYSQL_URL'];
function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('engine not available');
  return value;
}
const postgres = engines.find((engine) => engine.name === 'postgres');
const mariadb = engines.find((engine) => engine.name === 'mariadb');

describe.runIf(postgres !== undefined)('timeouts and availability on postgres', () => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await need(postgres).create(exampleSchema, exampleData, {
      statementTimeoutMs: 200,
      setup: async (db) => {
        await sql`create view slow_person as select p.* from person p, lateral (select pg_sleep(0.5)) s`.execute(db);
      },
    });
  });
  afterAll(async () => {
    await instance.close();
  });
  const slow = { types: { person: { table: 'slow_person' } } };

  it('cancels a statement past statementTimeoutMs with DataLayerError timeout', async () => {
    const layer = createSqlLayer({ db: instance.kysely, schema: exampleSchema, mapping: slow, statementTimeoutMs: 200 });
    const failure = await layer.readOne('person', '1', context).catch((error: unknown) => error);
    expect((failure as DataLayerError).reason).toBe('timeout');
    // The server cancelled it (the view alone would sleep 16 s), not a client-side wait.
    expect((failure as DataLayerError).message).toMatch(/^database statement timed out: /);
  });

  it('stops waiting as soon as the signal aborts', async () => {
    // A timeout far beyond the test: only the abort can end the statement.
    const layer = createSqlLayer({ db: instance.kysely, schema: exampleSchema, mapping: slow, statementTimeoutMs: 60_000 });
    const signal = AbortSignal.timeout(50);
    const failure = await layer.readOne('person', '1', { signal }).catch((error: unknown) => error);
    expect((failure as DataLayerError).reason).toBe('timeout');
    expect((failure as DataLayerError).message).toBe('the request was aborted');
    expect((failure as DataLayerError).cause).toBe(signal.reason);
    // The statement itself is cancelled on the server: it is gone within a bounded number of polls.
    const active = async (): Promise<number> => {
      const { rows } = await sql<{ n: unknown }>`select count(*) as n from pg_stat_activity where state = 'active' and query like ${'%slow_person%'} and pid <> pg_backend_pid()`.execute(instance.kysely);
      return Number(rows[0]?.n);
    };
    let polls = 0;
    while ((await active()) > 0 && polls < 500) polls += 1;
    expect(await active()).toBe(0);
  });

  it('reads pages (page and count in one transaction) under a statement timeout', async () => {
    const limited = createSqlLayer({ db: instance.kysely, schema: exampleSchema, statementTimeoutMs: 5_000 });
    const ast = parseQuery('filter[gender]=f&sort=-name&page[size]=3&page[number]=2', { schema: exampleSchema, type: 'person' });
    expect(await limited.read(readRequest(ast), context)).toEqual(await instance.layer.read(readRequest(ast), context));
  });

  it('reports an exhausted pool as unavailable', async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1, connectionTimeoutMillis: 100 });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    try {
      const held = await pool.connect();
      const layer = createSqlLayer({ db, schema: exampleSchema });
      const failure = await layer.readOne('person', '1', context).catch((error: unknown) => error);
      held.release();
      expect((failure as DataLayerError).reason).toBe('unavailable');
    } finally {
      await db.destroy();
    }
  });

  it('reports a refused connection as unavailable', async () => {
    const db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test' }) }),
    });
    try {
      const failure = await createSqlLayer({ db, schema: exampleSchema }).readOne('person', '1', context).catch((error: unknown) => error);
      expect((failure as DataLayerError).reason).toBe('unavailable');
    } finally {
      await db.destroy();
    }
  });
});

describe.runIf(mariadb !== undefined)('timeouts and availability on mariadb', () => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await need(mariadb).create(exampleSchema, exampleData, {
      setup: async (db) => {
        await sql`create view slow_person as select p.* from person p where sleep(0.5) = 0`.execute(db);
      },
    });
  });
  afterAll(async () => {
    await instance.close();
  });

  it('cancels a statement past statementTimeoutMs with DataLayerError timeout', async () => {
    const layer = createSqlLayer({
      db: instance.kysely,
      schema: exampleSchema,
      mapping: { types: { person: { table: 'slow_person' } } },
      statementTimeoutMs: 200,
    });
    const failure = await layer.readOne('person', '1', context).catch((error: unknown) => error);
    expect((failure as DataLayerError).reason).toBe('timeout');
    expect((failure as DataLayerError).message).toMatch(/^database statement timed out: /);
    // The connection is back to no limit afterwards.
    const fast = createSqlLayer({ db: instance.kysely, schema: exampleSchema, statementTimeoutMs: 5_000 });
    expect((await fast.readOne('person', '1', context))?.['name']).toBe('John');
  });

  it('reads pages (page and count on one connection) under a statement timeout', async () => {
    const limited = createSqlLayer({ db: instance.kysely, schema: exampleSchema, statementTimeoutMs: 5_000 });
    const ast = parseQuery('filter[gender]=f&sort=-name&page[size]=3&page[number]=2', { schema: exampleSchema, type: 'person' });
    expect(await limited.read(readRequest(ast), context)).toEqual(await instance.layer.read(readRequest(ast), context));
  });

  it('reports a refused connection as unavailable', async () => {
    const db = new Kysely({ dialect: new MysqlDialect({ pool: createPool({ uri: 'mysql://root@127.0.0.1:1/test' }) }) });
    try {
      const failure = await createSqlLayer({ db, schema: exampleSchema }).readOne('person', '1', context).catch((error: unknown) => error);
      expect((failure as DataLayerError).reason).toBe('unavailable');
    } finally {
      await db.destroy();
    }
    expect(MYSQL_URL).toBeDefined();
  });
});
