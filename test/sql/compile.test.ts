/**
 * `layer.compile(call)`: the statements of a call without running them. Compiling is
 * pure (a Kysely whose driver throws on every use still compiles every call), values
 * are only ever parameters, the text depends on the request's shape and not its
 * values, and on every engine the statements equal what the database receives.
 */
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  MysqlAdapter,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteQueryCompiler,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createSqlLayer, type SqlDialectName, type SqlLayerCall } from '../../src/layers/sql/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';
import { context, readRequest } from './fixtures.js';

const filterOf = (query: string): FilterNode | null =>
  parseQuery(query, { schema: exampleSchema, type: 'person' }).filter as FilterNode | null;

const ID_SORT = [{ path: [], field: 'id', direction: 'asc' }] as const;

/** One call of every method, with filters that fold case, compare fields and cross relationships. */
const CALLS: readonly (readonly [string, SqlLayerCall, number])[] = [
  ['read, paged and counted', { method: 'read', request: readRequest(parseQuery('filter[name]=John&sort=-birth_date&page[size]=2', { schema: exampleSchema, type: 'person' })) }, 2],
  ['read, every row', { method: 'read', request: { type: 'person', filter: null, sort: ID_SORT, offset: 0, limit: null } }, 1],
  ['read without a total', { method: 'read', request: { type: 'person', filter: null, sort: ID_SORT, offset: 0, limit: 2, withTotal: false } }, 1],
  [
    'read, ilike and any',
    {
      method: 'read',
      request: {
        type: 'person',
        filter: filterOf('filter=' + encodeURIComponent(JSON.stringify([{ or: [{ name: 'name', op: 'ilike', val: '%jo%' }, { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } }] }]))),
        sort: ID_SORT,
        offset: 0,
        limit: 2,
      },
    },
    2,
  ],
  ['read, a keyset window', { method: 'read', request: { type: 'person', filter: null, sort: ID_SORT, offset: 0, limit: 2, keyset: { after: ['1'] } } }, 2],
  ['readOne', { method: 'readOne', request: { type: 'person', id: '1' } }, 1],
  ['readRelated', { method: 'readRelated', request: { type: 'person', id: '1', relationship: 'computers', filter: null, sort: ID_SORT, offset: 0, limit: 5 } }, 3],
  ['readLinkage, to-one', { method: 'readLinkage', request: { type: 'computer', id: '1', relationship: 'owner', filter: null, sort: ID_SORT, offset: 0, limit: null } }, 2],
  ['readIncluded, two chunks', { method: 'readIncluded', request: { type: 'person', relationship: 'computers', ids: ['1', '2', '3'] } }, 2],
  ['readIncluded, no owners', { method: 'readIncluded', request: { type: 'person', relationship: 'computers', ids: [] } }, 0],
];

/** Runs a call on a data layer, as the executor would. */
function run(layer: DataLayer, call: SqlLayerCall): Promise<unknown> {
  switch (call.method) {
    case 'read':
      return layer.read(call.request, context);
    case 'readOne':
      return layer.readOne(call.request.type, call.request.id, context);
    case 'readRelated':
      return layer.readRelated(call.request, context);
    case 'readLinkage':
      return layer.readLinkage(call.request, context);
    case 'readIncluded':
      return layer.readIncluded(call.request, context);
  }
}

const ADAPTERS = {
  postgres: { adapter: () => new PostgresAdapter(), compiler: () => new PostgresQueryCompiler() },
  mysql: { adapter: () => new MysqlAdapter(), compiler: () => new MysqlQueryCompiler() },
  sqlite: { adapter: () => new SqliteAdapter(), compiler: () => new SqliteQueryCompiler() },
} as const;

/** A Kysely instance of `name`'s dialect whose driver throws on every use, counting the attempts. */
function unreachableDb(name: SqlDialectName): { db: Kysely<unknown>; touches: () => number } {
  let touches = 0;
  const refuse = (): never => {
    touches += 1;
    throw new Error('compile touched the database');
  };
  const driver: Driver = {
    init: async () => refuse(),
    acquireConnection: async (): Promise<DatabaseConnection> => refuse(),
    beginTransaction: async () => refuse(),
    commitTransaction: async () => refuse(),
    rollbackTransaction: async () => refuse(),
    releaseConnection: async () => refuse(),
    destroy: async () => undefined,
  };
  const dialect: Dialect = {
    createAdapter: ADAPTERS[name].adapter,
    createDriver: () => driver,
    createQueryCompiler: ADAPTERS[name].compiler,
    createIntrospector: () => refuse(),
  };
  return { db: new Kysely<unknown>({ dialect }), touches: () => touches };
}

describe.each(['postgres', 'mysql', 'sqlite'] as const)('compile on %s without a database', (name) => {
  const { db, touches } = unreachableDb(name);
  const layer = createSqlLayer({ db, schema: exampleSchema, includeChunkSize: 2 });

  it.each(CALLS)('%s compiles its statements and touches nothing', (_, call, count) => {
    const statements = layer.compile(call);
    expect(statements).toHaveLength(count);
    for (const statement of statements) expect(statement.sql).toMatch(/^select /);
    expect(touches()).toBe(0);
  });

  it('running a call is what would touch the database', async () => {
    await expect(layer.read({ type: 'person', filter: null, sort: ID_SORT, offset: 0, limit: 1 }, context)).rejects.toThrow();
    expect(touches()).toBeGreaterThan(0);
  });

  it('an unknown type throws when compiled, as the read rejects', () => {
    expect(() => layer.compile({ method: 'readOne', request: { type: 'nope', id: '1' } })).toThrow(/nope/);
  });

  it('puts every value in the parameters, never in the text', () => {
    const values = ['Zq_secret', 'Wx_other', 'SN_marker', 'Yv_related', '4242'];
    const filter = filterOf(
      'filter=' +
        encodeURIComponent(
          JSON.stringify([
            { name: 'name', op: 'in_', val: [values[0], values[1]] },
            { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: values[2] } },
            { name: 'display_name', op: 'ne', val: values[3] },
          ]),
        ),
    );
    const calls: SqlLayerCall[] = [
      { method: 'read', request: { type: 'person', filter, sort: ID_SORT, offset: 7, limit: 3, keyset: { after: [values[4] ?? ''] } } },
      { method: 'readOne', request: { type: 'person', id: values[4] ?? '' } },
      { method: 'readRelated', request: { type: 'person', id: values[4] ?? '', relationship: 'computers', filter: null, sort: ID_SORT, offset: 0, limit: 5 } },
      { method: 'readIncluded', request: { type: 'person', relationship: 'computers', ids: [values[4] ?? ''] } },
    ];
    for (const call of calls) {
      for (const { sql, parameters } of layer.compile(call)) {
        for (const value of values) expect(sql).not.toContain(value);
        expect(parameters.length).toBeGreaterThan(0);
      }
    }
    const [page] = layer.compile(calls[0] as SqlLayerCall);
    expect(page?.parameters).toEqual(expect.arrayContaining([values[0], values[1], values[4], 3, 7]));
  });

  it('gives the same text for requests of one shape with other values (cacheable by text)', () => {
    const request = (name: string, id: string, size: number) =>
      ({
        method: 'read',
        request: {
          type: 'person',
          filter: filterOf(`filter[name]=${name}`),
          sort: ID_SORT,
          offset: size * 2,
          limit: size,
          keyset: { after: [id] },
        },
      }) as const;
    const first = layer.compile(request('John', '1', 10));
    const second = layer.compile(request('Jane', '77', 25));
    expect(second.map((statement) => statement.sql)).toEqual(first.map((statement) => statement.sql));
    expect(second.map((statement) => statement.parameters)).not.toEqual(first.map((statement) => statement.parameters));
  });
});

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('compile on %s equals what the database receives', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(exampleSchema, exampleData, { layerOptions: { includeChunkSize: 2 } });
  });
  afterAll(async () => {
    await instance.close();
  });

  /** Statements in a stable order: a page and its count run at once and may be logged in either order. */
  const sorted = (statements: readonly { sql: string; parameters: readonly unknown[] }[]) =>
    statements.map(({ sql, parameters }) => JSON.stringify({ sql, parameters })).sort();

  it.each(CALLS)('%s', async (_, call) => {
    // Running first lets the layer prepare (a filter folding case asks the engine once).
    await run(instance.layer, call);
    instance.clearLog();
    await run(instance.layer, call);
    const received = [...instance.statements];
    expect(sorted(instance.layer.compile(call))).toEqual(sorted(received));
    expect(instance.statements).toHaveLength(received.length); // compiling ran nothing
  });
});
