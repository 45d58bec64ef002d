/**
 * Keyset windows on every engine: walking every page forward (after the last row's
 * keys) and backward (the flipped sort) gives exactly the order of one unpaginated
 * read of the memory layer, through ties, nulls in both directions, dates, booleans,
 * integer ids and dotted paths; `before`, `before` + `after` and empty windows; the
 * returned keys; related reads and linkage; and the statements a window costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { KeyValue, SortKey } from '../../src/ast/query-ast.js';
import type { DataLayer, Keyset, ReadRequest, RelatedReadRequest, Row } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { availableEngines, type EngineInstance } from '../helpers/engines.js';
import { context } from './fixtures.js';

type TypeName = 'author' | 'book';

const SORTS: readonly (readonly [TypeName, string])[] = [
  ['author', 'name'],
  ['author', '-name'],
  ['author', 'rank'],
  ['author', '-rank,name'],
  ['author', 'score'],
  ['author', '-score'],
  ['author', 'born'],
  ['author', '-born,-rank'],
  ['author', 'active'],
  ['author', '-active,joined'],
  ['author', 'status,-joined'],
  ['author', 'mentor.name'],
  ['author', '-mentor.born,score'],
  ['author', '-id'],
  ['book', 'author.name'],
  ['book', '-author.born'],
  ['book', 'published,-pages'],
  ['book', '-in_print,title'],
];

const memory = createMemoryLayer(conformanceSchema, conformanceData);

function sortOf(type: TypeName, text: string): readonly SortKey[] {
  return parseQuery(text === '' ? '' : `sort=${text}`, { schema: conformanceSchema, type }).sort as readonly SortKey[];
}

function flip(sort: readonly SortKey[]): SortKey[] {
  return sort.map((key) => ({ ...key, direction: key.direction === 'asc' ? 'desc' : 'asc' }));
}

function record(type: string, id: unknown): Row | undefined {
  return conformanceData[type]?.find((candidate) => candidate.id === id);
}

/** A key's value for a record, read from the dataset by hand (dotted paths followed through it). */
function keyOf(type: string, row: Row, key: SortKey): KeyValue {
  let current: Row | undefined = record(type, row.id);
  let currentType = type;
  for (const hop of key.path) {
    const target = conformanceSchema.types[currentType as TypeName].relationships[hop as never] as { target: string };
    current = current === undefined ? undefined : record(target.target, current[hop]);
    currentType = target.target;
  }
  if (current === undefined) return null;
  return (key.field === 'id' ? current.id : (current[key.field] ?? null)) as KeyValue;
}

async function fullOrder(type: TypeName, sort: readonly SortKey[], filter: FilterNode | null = null): Promise<Row[]> {
  const { rows } = await memory.read({ type, filter, sort, offset: 0, limit: null }, context);
  return [...rows];
}

/** Every page of `size` rows, each after the previous page's last keys. */
async function walk(layer: DataLayer, request: Omit<ReadRequest, 'offset' | 'limit' | 'keyset'>, size: number) {
  const ids: unknown[] = [];
  const keys: (readonly KeyValue[])[] = [];
  let after: readonly KeyValue[] | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await layer.read(
      { ...request, offset: 0, limit: size, keyset: after === undefined ? {} : { after }, withTotal: false },
      context,
    );
    expect(result.total).toBeUndefined();
    expect(result.keys).toHaveLength(result.rows.length);
    ids.push(...result.rows.map((row) => row.id));
    keys.push(...(result.keys ?? []));
    if (result.rows.length < size) return { ids, keys };
    after = result.keys?.at(-1);
  }
  throw new Error('the walk did not end');
}

const engines = await availableEngines();

describe.each(engines.map((engine) => [engine.name, engine] as const))('keyset windows on %s', (_, engine) => {
  let instance: EngineInstance;
  beforeAll(async () => {
    instance = await engine.create(conformanceSchema, conformanceData);
  });
  afterAll(async () => {
    await instance.close();
  });

  const window = async (type: TypeName, sort: readonly SortKey[], keyset: Keyset, limit: number | null = 100) =>
    instance.layer.read({ type, filter: null, sort, offset: 0, limit, keyset, withTotal: false }, context);

  it.each(SORTS)('%s sort=%s: forward and backward walks give the unpaginated order and its keys', async (type, text) => {
    const sort = sortOf(type, text);
    const expected = await fullOrder(type, sort);
    const expectedIds = expected.map((row) => row.id);
    const expectedKeys = expected.map((row) => sort.map((key) => keyOf(type, row, key)));
    for (const size of [1, 4]) {
      const forward = await walk(instance.layer, { type, filter: null, sort }, size);
      expect({ size, ids: forward.ids }).toEqual({ size, ids: expectedIds });
      expect(forward.keys).toEqual(expectedKeys);
      const backward = await walk(instance.layer, { type, filter: null, sort: flip(sort) }, size);
      expect({ size, ids: backward.ids }).toEqual({ size, ids: [...expectedIds].reverse() });
      expect(backward.keys).toEqual([...expectedKeys].reverse());
    }
  });

  it.each([
    ['author', 'born'],
    ['author', '-score'],
    ['author', '-active,joined'],
    ['book', '-author.born'],
  ] as const)('%s sort=%s: every before, before + after range and empty window', async (type, text) => {
    const sort = sortOf(type, text);
    const expected = await fullOrder(type, sort);
    const ids = expected.map((row) => row.id);
    const keys = expected.map((row) => sort.map((key) => keyOf(type, row, key)));
    for (let end = 0; end < keys.length; end++) {
      const before = keys[end] ?? [];
      expect({ end, ids: (await window(type, sort, { before })).rows.map((row) => row.id) }).toEqual({
        end,
        ids: ids.slice(0, end),
      });
      for (let start = 0; start < keys.length; start += 3) {
        const after = keys[start] ?? [];
        const { rows } = await window(type, sort, { after, before });
        expect({ start, end, ids: rows.map((row) => row.id) }).toEqual({ start, end, ids: ids.slice(start + 1, Math.max(start + 1, end)) });
      }
    }
    expect((await window(type, sort, { after: keys.at(-1) ?? [] })).rows).toEqual([]);
  });

  it('the window narrows the rows, not the total; limit null and withTotal default count the filter', async () => {
    const sort = sortOf('author', '-score');
    const filter = parseQuery('filter[active]=true', { schema: conformanceSchema, type: 'author' }).filter as FilterNode;
    const expected = await fullOrder('author', sort, filter);
    const after = sort.map((key) => keyOf('author', expected[1] as Row, key));
    const paged = await instance.layer.read({ type: 'author', filter, sort, offset: 0, limit: 2, keyset: { after } }, context);
    expect(paged.rows.map((row) => row.id)).toEqual(expected.slice(2, 4).map((row) => row.id));
    expect(paged.total).toBe(expected.length);
    const all = await instance.layer.read({ type: 'author', filter, sort, offset: 0, limit: null, keyset: { after } }, context);
    expect(all.rows.map((row) => row.id)).toEqual(expected.slice(2).map((row) => row.id));
    expect(all.total).toBe(expected.length);
  });

  it.each([
    ['author', 1, 'mentees', '-rank,name'],
    ['group', 'g2', 'members', 'born'],
    ['group', 'g1', 'members', '-mentor.name'],
    ['author', 1, 'books', '-published'],
  ] as const)('related %s %s %s sort=%s: walks of readRelated and readLinkage', async (type, id, relationship, text) => {
    const target = relationship === 'books' ? 'book' : 'author';
    const sort = sortOf(target, text);
    const request: RelatedReadRequest = { type, id, relationship, filter: null, sort, offset: 0, limit: null };
    const expected = await memory.readRelated(request, context);
    const expectedIds = expected?.rows.map((row) => row.id) ?? [];
    const expectedKeys = expected?.rows.map((row) => sort.map((key) => keyOf(target, row, key))) ?? [];
    for (const flipped of [false, true]) {
      const pageSort = flipped ? flip(sort) : sort;
      const ids: unknown[] = [];
      const keys: (readonly KeyValue[])[] = [];
      let after: readonly KeyValue[] | undefined;
      for (let page = 0; page <= expectedIds.length; page++) {
        const paged = { ...request, sort: pageSort, limit: 1, keyset: after === undefined ? {} : { after }, withTotal: false };
        const [related, linkage] = await Promise.all([
          instance.layer.readRelated(paged, context),
          instance.layer.readLinkage(paged, context),
        ]);
        expect(linkage?.ids).toEqual(related?.rows.map((row) => row.id));
        expect(linkage?.keys).toEqual(related?.keys);
        expect(related?.total).toBeUndefined();
        ids.push(...(linkage?.ids ?? []));
        keys.push(...(linkage?.keys ?? []));
        after = linkage?.keys?.at(-1);
        if (after === undefined) break;
      }
      expect(flipped ? ids.reverse() : ids).toEqual(expectedIds);
      expect(flipped ? keys.reverse() : keys).toEqual(expectedKeys);
    }
    const counted = await instance.layer.readLinkage({ ...request, limit: 1, keyset: {} }, context);
    expect(counted?.total).toBe(expectedIds.length);
  });

  it('a window costs one statement without the count, two with it; values are bound parameters', async () => {
    const sort = sortOf('author', 'name');
    const after: KeyValue[] = ["O'Brien; --", 3];
    await window('author', sort, { after });
    instance.clearLog();
    const result = await instance.layer.read(
      { type: 'author', filter: null, sort, offset: 0, limit: 2, keyset: { after }, withTotal: false },
      context,
    );
    expect(result.rows.map((row) => row.id)).toEqual([8, 12]);
    expect(instance.statements).toHaveLength(1);
    expect(instance.statements[0]?.sql).not.toContain('Brien');
    expect(instance.statements[0]?.parameters).toContain("O'Brien; --");
    instance.clearLog();
    await instance.layer.read({ type: 'author', filter: null, sort, offset: 0, limit: 2, keyset: { after } }, context);
    expect(instance.statements).toHaveLength(2);
    expect(instance.statements.filter((statement) => statement.sql.includes('count(*)'))).toHaveLength(1);
    instance.clearLog();
    await instance.layer.readRelated(
      { type: 'author', id: 1, relationship: 'mentees', filter: null, sort, offset: 0, limit: 2, keyset: {}, withTotal: false },
      context,
    );
    expect(instance.statements.map((statement) => statement.sql.includes('count(*)'))).toEqual([false, false]);
  });

  it('non-null keys sorted one way compare as a row value where the engine supports it, else key by key', async () => {
    const sort = sortOf('author', 'rank,name');
    instance.clearLog();
    const { rows } = await window('author', sort, { after: [2, 'Alice', 1] }, 3);
    expect(rows.map((row) => row.id)).toEqual([6, 4, 3]);
    const statement = instance.statements[0]?.sql ?? '';
    if (engine.dialect === 'mysql') expect(statement).not.toMatch(/\) [<>] \(/);
    else expect(statement).toMatch(/\) > \(/);
  });
});
