/**
 * The statement cache (src/layers/sql/statement-cache.ts, read-shape.ts): a read of a
 * shape compiled before reuses its SQL text with its own values as parameters; shapes
 * that differ in anything but values never share a text; at most `statementCacheSize`
 * shapes are kept (the least recently used dropped); a text that turns out to hold a
 * value is not reused; on a Kysely instance with plugins nothing is reused. A counting
 * query compiler sees every statement Kysely compiles.
 */
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  OperationNodeTransformer,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type KyselyPlugin,
  type QueryCompiler,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData, exampleSchema } from '../../src/example/index.js';
import type { ReadRequest } from '../../src/layers/data-layer.js';
import { createSqlLayer, createTables, loadData, registerSqliteFunctions } from '../../src/layers/sql/index.js';
import { readShape } from '../../src/layers/sql/read-shape.js';
import { dialectHooks } from '../../src/layers/sql/sql-dialect.js';
import type { CompiledRead } from '../../src/layers/sql/sql-read.js';
import { createStatementCache, ParameterSlot } from '../../src/layers/sql/statement-cache.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { context, readRequest } from './fixtures.js';

/** Counts the statements Kysely compiles (none it is handed compiled). */
let compiled = 0;
class CountingCompiler extends SqliteQueryCompiler {
  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    compiled += 1;
    return super.compileQuery(node, queryId);
  }
}
class CountingDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new CountingCompiler();
  }
}

/** Every statement the database receives. */
const received: { sql: string; parameters: readonly unknown[] }[] = [];
const database = new Database(':memory:');
registerSqliteFunctions(database);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = new Kysely<any>({
  dialect: new CountingDialect({ database }),
  log: (event) => void received.push({ sql: event.query.sql, parameters: event.query.parameters }),
});
beforeAll(async () => {
  await createTables(db, exampleSchema);
  await loadData(db, exampleSchema, undefined, exampleData);
});
afterAll(() => db.destroy());

const request = (query: string, type: 'person' | 'computer' = 'person'): ReadRequest => readRequest(parseQuery(query, { schema: exampleSchema, type }));
const filter = (value: unknown): string => `filter=${encodeURIComponent(JSON.stringify(value))}`;

/** Reads `read` and returns its answer, the statements compiled and those received. */
async function observe(layer: ReturnType<typeof createSqlLayer>, read: ReadRequest) {
  compiled = 0;
  received.length = 0;
  const answer = await layer.read(read, context);
  return { answer, compiled, statements: [...received] };
}

describe('the statement cache', () => {
  it('reuses the text of a shape with other values as parameters, and answers as without it', async () => {
    const on = createSqlLayer({ db, schema: exampleSchema });
    const off = createSqlLayer({ db, schema: exampleSchema, statementCacheSize: 0 });
    const first = await observe(on, request('filter[name]=John&page[size]=2&page[number]=2'));
    expect(first.compiled).toBe(4); // the page and its count, each compiled with the values and as a template
    const second = await observe(on, request('filter[name]=Alice&page[size]=5'));
    expect(second.compiled).toBe(0);
    expect(second.statements.map(({ sql }) => sql)).toEqual(first.statements.map(({ sql }) => sql));
    expect(second.statements[0]?.sql).not.toContain('Alice');
    expect(second.statements.map(({ parameters }) => parameters)).toEqual([['Alice', 5, 0], ['Alice']]);
    const fresh = await observe(off, request('filter[name]=Alice&page[size]=5'));
    expect(fresh.compiled).toBe(2);
    expect(second.statements).toEqual(fresh.statements);
    expect(second.answer).toEqual(fresh.answer);
  });

  it('gives shapes that differ beyond their values texts of their own', async () => {
    const reads: ReadRequest[] = [
      request('filter[name]=John'),
      request('filter[display_name]=John'),
      request(filter([{ name: 'name', op: 'ne', val: 'John' }])),
      request(filter([{ name: 'name', op: 'in_', val: ['John', 'Alice'] }])),
      request(filter([{ name: 'name', op: 'in_', val: ['John', 'Alice', 'Bob'] }])),
      request(filter([{ name: 'name', op: 'in_', val: [] }])),
      request(filter([{ name: 'gender', op: 'is_', val: null }])),
      request(filter([{ name: 'gender', op: 'isnot', val: null }])),
      request(filter([{ name: 'birth_date', op: 'between', val: ['1980-01-01', '1990-01-01'] }])),
      request(filter([{ not: { name: 'name', op: 'eq', val: 'John' } }])),
      request(filter([{ or: [{ name: 'name', op: 'eq', val: 'John' }, { name: 'gender', op: 'eq', val: 'f' }] }])),
      request(filter([{ and: [{ name: 'name', op: 'eq', val: 'John' }, { name: 'gender', op: 'eq', val: 'f' }] }])),
      request(filter([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'SN1002' } }])),
      request(filter([{ name: 'name', op: 'eq', field: 'display_name' }])),
      request('filter[name]=John&sort=-name'),
      request('filter[name]=John&sort=name'),
      request('filter[owner__name]=John&sort=owner.name', 'computer'),
      request('filter[serial]=John', 'computer'),
      { ...request('filter[name]=John'), attributes: ['name'] },
      { ...request('filter[name]=John'), withTotal: false },
      { ...request('filter[name]=John'), estimateAbove: 10 },
      { ...request('filter[name]=John'), estimateAbove: 11 },
      { ...request('sort=name'), keyset: { after: ['John', '3'] } },
      { ...request('sort=name'), keyset: { after: [null, '3'] } },
      { ...request('sort=name'), keyset: { before: ['John', '3'] } },
      { ...request('sort=name'), keyset: { after: ['Alice', '1'], before: ['John', '3'] } },
    ];
    const keys = reads.map((read) => readShape(read)?.key);
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(reads.length);
    const on = createSqlLayer({ db, schema: exampleSchema });
    const off = createSqlLayer({ db, schema: exampleSchema, statementCacheSize: 0 });
    // Twice through one cache: the second round reuses every text; both equal the statements compiled afresh.
    for (const round of [1, 2]) {
      for (const read of reads) {
        const cached = await observe(on, read);
        const fresh = await observe(off, read);
        expect(cached.compiled).toBe(round === 1 ? 2 * fresh.compiled : 0);
        expect(cached.statements).toEqual(fresh.statements);
        expect(cached.answer).toEqual(fresh.answer);
      }
    }
  });

  it('leaves out the reads whose text depends on a value', () => {
    for (const query of [filter([{ name: 'name', op: 'like', val: 'J%' }]), filter([{ name: 'name', op: 'ilike', val: 'j%' }]), filter([{ name: 'name', op: 'startswith', val: 'J' }]), filter([{ name: 'display_name', op: 'match', val: 'doe' }])]) {
      expect(readShape(request(query))).toBeUndefined();
    }
    expect(readShape({ ...request('filter[name]=John'), limit: null })).toBeUndefined();
  });

  it('keeps at most statementCacheSize shapes, the least recently used dropped', async () => {
    const layer = createSqlLayer({ db, schema: exampleSchema, statementCacheSize: 2 });
    const shape = (sort: string, name: string): ReadRequest => request(`filter[name]=${name}&sort=${sort}`);
    const compiles = async (read: ReadRequest): Promise<number> => (await observe(layer, read)).compiled;
    expect(await compiles(shape('name', 'John'))).toBe(4);
    expect(await compiles(shape('-name', 'John'))).toBe(4);
    // At the limit: both kept.
    expect(await compiles(shape('name', 'Alice'))).toBe(0);
    expect(await compiles(shape('-name', 'Alice'))).toBe(0);
    expect(await compiles(shape('name', 'Bob'))).toBe(0);
    // One past: the least recently used (-name) is dropped, the others kept.
    expect(await compiles(shape('display_name', 'John'))).toBe(4);
    expect(await compiles(shape('name', 'Jane'))).toBe(0);
    expect(await compiles(shape('display_name', 'Jane'))).toBe(0);
    expect(await compiles(shape('-name', 'Jane'))).toBe(4);
    const none = createSqlLayer({ db, schema: exampleSchema, statementCacheSize: 0 });
    for (const name of ['John', 'Alice']) expect((await observe(none, shape('name', name))).compiled).toBe(2);
  });

  it('rejects a size that is not an integer of 0 or more', () => {
    for (const size of [-1, 1.5, Number.NaN]) {
      expect(() => createSqlLayer({ db, schema: exampleSchema, statementCacheSize: size })).toThrow('statementCacheSize must be an integer of 0 or more');
    }
  });

  it('reuses nothing on a Kysely instance with plugins (a plugin may rewrite or record every statement)', async () => {
    /** Upper-cases every string value bound to a statement. */
    class UpperCaseValues extends OperationNodeTransformer {
      protected override transformValue(node: ValueNode): ValueNode {
        return typeof node.value === 'string' ? ValueNode.create(node.value.toUpperCase()) : node;
      }
    }
    const transformer = new UpperCaseValues();
    const upperCasing: KyselyPlugin = {
      transformQuery: ({ node }) => transformer.transformNode(node),
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const rewriting = db.withPlugin(upperCasing);
    const on = createSqlLayer({ db: rewriting, schema: exampleSchema });
    const off = createSqlLayer({ db: rewriting, schema: exampleSchema, statementCacheSize: 0 });
    expect((await observe(on, request('filter[gender]=f'))).compiled).toBe(2);
    const second = await observe(on, request('filter[gender]=m'));
    expect(second.compiled).toBe(2);
    expect(second.statements.map(({ parameters }) => parameters)).toEqual([['M', 30, 0], ['M']]);
    const fresh = await observe(off, request('filter[gender]=m'));
    expect(second.statements).toEqual(fresh.statements);
    expect(second.answer).toEqual(fresh.answer);
  });

  it('keeps no text that holds a value: the twin compiled with placeholders must give the same text', () => {
    const cache = createStatementCache(4);
    const dialect = dialectHooks('sqlite');
    // A compiler that writes its value into the text: the read's twin, compiled with a placeholder, gives another text.
    let compiles = 0;
    const inlining = (read: { value: unknown }): CompiledRead<unknown> => {
      compiles += 1;
      const text = typeof read.value === 'string' ? `select '${read.value}'` : 'select ?';
      return { statements: [CompiledQuery.raw(text, typeof read.value === 'string' ? [] : [read.value])], inOrder: false, decode: () => undefined };
    };
    const shaped = (value: string) => ({ key: 'one shape', values: [value], template: { value: new ParameterSlot(0) } });
    const texts = ['a', 'b', 'c'].map((value) => cache.compile(db, shaped(value), dialect, inlining, { value }).statements[0]?.sql);
    expect(texts).toEqual(["select 'a'", "select 'b'", "select 'c'"]);
    expect(compiles).toBe(4); // the first with its twin, then each once
  });
});
