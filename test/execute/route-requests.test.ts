/**
 * What the executor asks of the layer and what it makes of odd answers: the exact
 * request of each read (no member a read does not need), path ids that cannot be
 * ids (no layer call), the owner's linkage on relationship routes (recorded only
 * when the page holds the whole relationship), cursor windows at the ends of a
 * collection, and layers that answer with too few keys or rows.
 */
import { describe, expect, it } from 'vitest';
import type { QueryAST, SortKey } from '../../src/ast/query-ast.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { executeCollection, executeRelated, executeRelationship, type Resource } from '../../src/execute/index.js';
import { isQueryError } from '../../src/errors/query-error.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const idAsc: SortKey = { path: [], field: 'id', direction: 'asc' };
const schema = exampleSchema;

function ast(type: string, parts: Partial<QueryAST> = {}): QueryAST {
  return { type, filter: null, sort: [idAsc], page: { kind: 'offset', size: 30, number: 1 }, include: [], fields: {}, ...parts };
}

/** A memory layer over the example data recording each call's method and request. */
function recorded(base: DataLayer = createMemoryLayer(exampleSchema, exampleData)) {
  const calls: { method: string; request: unknown }[] = [];
  const layer = new Proxy(base, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), request: args[0] });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { layer, calls };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isQueryError(error)) return error.errors;
    throw error;
  }
  throw new Error('expected a QueryError');
}

const person5Computers = { type: 'person', id: '5', relationship: 'computers' };
const computer5Owner = { type: 'computer', id: '5', relationship: 'owner' };

describe('layer requests', () => {
  it('carry no attributes member without a fieldset, and no withTotal member when counted', async () => {
    const { layer, calls } = recorded();
    await executeCollection(ast('person', { page: null, include: [['computers']] }), { schema, layer });
    await executeRelated(ast('computer'), person5Computers, { schema, layer });
    await executeRelationship(ast('computer', { include: [['computers']] }), person5Computers, { schema, layer });
    expect(calls.map((call) => call.request)).toStrictEqual([
      { type: 'person', filter: null, sort: [idAsc], offset: 0, limit: DEFAULT_LIMITS.maxUnpaginatedRows + 1 },
      { type: 'person', relationship: 'computers', ids: exampleData.person.map((row) => row.id).sort() },
      { type: 'person', id: '5', relationship: 'computers', filter: null, sort: [idAsc], offset: 0, limit: 30 },
      { type: 'person', id: '5', relationship: 'computers', filter: null, sort: [idAsc], offset: 0, limit: 30 },
    ]);
  });

  it('carry the attribute hint of the fieldset on related and relationship routes', async () => {
    const { layer, calls } = recorded();
    const fields = { computer: ['serial', 'owner'] };
    await executeRelated(ast('computer', { fields }), person5Computers, { schema, layer });
    await executeRelationship(ast('computer', { fields, include: [['computers']] }), person5Computers, { schema, layer });
    expect(calls.map((call) => call.request)).toMatchObject([{ attributes: ['serial'] }, { attributes: ['serial'] }]);
  });

  it('ask a to-one relationship for its one row, unfiltered and unpaged', async () => {
    const { layer, calls } = recorded();
    const filter = { kind: 'compare', field: 'name', op: 'eq', value: 'nobody' } as const;
    const page = { kind: 'cursor', size: 1, after: ['x'] } as const;
    await executeRelated(ast('person', { filter, page }), computer5Owner, { schema, layer });
    expect(calls[0]?.request).toStrictEqual({ type: 'computer', id: '5', relationship: 'owner', filter: null, sort: [idAsc], offset: 0, limit: null });
  });

  it('carry the keyset window of a cursor page on related routes', async () => {
    const { layer, calls } = recorded();
    await executeRelated(ast('computer', { page: { kind: 'cursor', size: 1, after: ['5'] } }), person5Computers, { schema, layer });
    expect(calls[0]?.request).toStrictEqual({
      type: 'person',
      id: '5',
      relationship: 'computers',
      filter: null,
      sort: [idAsc],
      offset: 0,
      limit: 2,
      keyset: { after: ['5'] },
      withTotal: false,
    });
  });

  it('ask readIncluded for each owner once, however many rows lead to it', async () => {
    const { layer, calls } = recorded();
    const filter = { kind: 'compare', field: 'id', op: 'in_', value: ['1', '2'] } as const;
    await executeCollection(ast('person', { filter, include: [['computers', 'owner', 'computers']] }), { schema, layer });
    expect(calls.filter((call) => call.method === 'readIncluded').map((call) => call.request)).toStrictEqual([
      { type: 'person', relationship: 'computers', ids: ['1', '2'] },
      { type: 'computer', relationship: 'owner', ids: ['1', '2', '25', '3'] },
      { type: 'person', relationship: 'computers', ids: ['1', '2'] },
    ]);
  });
});

describe('path ids that cannot be ids', () => {
  const itemSchema = defineSchema({
    types: {
      shelf: { root: 'shelves', id: 'integer', attributes: {}, relationships: { items: { target: 'item', to: 'many' } } },
      item: { root: 'items', id: 'integer', attributes: { label: { type: 'string' } } },
    },
  });

  it('are not found on related and relationship routes, without a layer call', async () => {
    const { layer, calls } = recorded(createMemoryLayer(itemSchema, { shelf: [{ id: 7, items: [1] }], item: [{ id: 1, label: 'one' }] }));
    const owner = { type: 'shelf', id: '07', relationship: 'items' };
    expect(await executeRelated(ast('item'), owner, { schema: itemSchema, layer })).toBeNull();
    expect(await executeRelationship(ast('item'), owner, { schema: itemSchema, layer })).toBeNull();
    expect(await executeRelationship(ast('item', { include: [['items']] }), owner, { schema: itemSchema, layer })).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('relationship routes with include', () => {
  it('are null when the owner does not exist', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    expect(await executeRelationship(ast('computer', { include: [['computers']] }), { ...person5Computers, id: '999' }, { schema, layer })).toBeNull();
  });

  it("record the owner's linkage only when data holds the whole relationship", async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const linkage = async (parts: Partial<QueryAST>, limits = DEFAULT_LIMITS) =>
      (await executeRelationship(ast('computer', { include: [['computers']], ...parts }), person5Computers, { schema, layer, limits }))?.linkage.get(
        'person',
        '5',
        'computers',
      );
    expect(await linkage({})).toEqual(['5', '6']);
    expect(await linkage({ page: null })).toEqual(['5', '6']);
    expect(await linkage({ filter: { kind: 'and', nodes: [] } })).toBeUndefined();
    expect(await linkage({ page: { kind: 'offset', size: 1, number: 1 } })).toBeUndefined();
    expect(await linkage({}, { ...DEFAULT_LIMITS, count: 'none' })).toBeUndefined();
    const toOne = await executeRelationship(ast('person', { include: [['owner']] }), computer5Owner, { schema, layer });
    expect(toOne?.linkage.get('computer', '5', 'owner')).toBe('5');
  });

  it('follow a later step named like the route relationship from its own owners', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const execution = await executeRelationship(ast('person', { include: [['owner', 'computers', 'owner']] }), computer5Owner, { schema, layer });
    expect(execution?.data).toBe('5');
    expect(execution?.linkage.get('computer', '6', 'owner')).toBe('5');
  });

  it('check maxUnpaginatedRows on a to-many relationship only', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const limits = { ...DEFAULT_LIMITS, maxUnpaginatedRows: 1 };
    const errors = await refusal(executeRelationship(ast('computer', { page: null, include: [['computers']] }), person5Computers, { schema, layer, limits }));
    expect(errors).toMatchObject([{ code: 'too_many_rows', source: { parameter: 'page[size]' } }]);
    const toOne = await executeRelationship(ast('person', { page: null, include: [['owner']] }), computer5Owner, {
      schema,
      layer,
      limits: { ...DEFAULT_LIMITS, maxUnpaginatedRows: 0 },
    });
    expect(toOne?.data).toBe('5');
  });

  it('refuse every include path that does not start with the route relationship, each with its detail', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const errors = await refusal(executeRelationship(ast('computer', { include: [['owner'], ['computers'], ['owner', 'computers']] }), computer5Owner, { schema, layer }));
    expect(errors.map((error) => [error.code, error.source, error.detail])).toEqual([
      ['invalid_include', { parameter: 'include' }, 'Include path "computers" does not start with "owner": on a relationship route, includes start from the related resources in data.'],
    ]);
    const two = await refusal(executeRelationship(ast('computer', { include: [['computers', 'owner'], ['x']] }), computer5Owner, { schema, layer }));
    expect(two.map((error) => error.detail)).toEqual([
      'Include path "computers.owner" does not start with "owner": on a relationship route, includes start from the related resources in data.',
      'Include path "x" does not start with "owner": on a relationship route, includes start from the related resources in data.',
    ]);
  });
});

describe('routes and include paths the schema does not have', () => {
  it('are programming errors, named', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    await expect(executeRelated(ast('computer'), { type: 'person', id: '1', relationship: 'friends' }, { schema, layer })).rejects.toThrow(
      'Unknown relationship "friends" of type "person"',
    );
    await expect(executeCollection(ast('person', { include: [['computers', 'nope', 'x']], fields: { person: ['computers'] } }), { schema, layer })).rejects.toThrow(
      'Unknown relationship "nope" of type "computer"',
    );
  });
});

describe('cursor pages', () => {
  const nameAsc: SortKey[] = [{ path: [], field: 'name', direction: 'asc' }, idAsc];

  it('refuse a sort the layer cannot page by cursor on a to-many related route, not on a to-one', async () => {
    const base = createMemoryLayer(exampleSchema, exampleData);
    const layer: DataLayer = Object.assign(Object.create(base) as DataLayer, { canPageByCursor: () => false });
    const page = { kind: 'cursor', size: 2 } as const;
    const errors = await refusal(executeRelated(ast('computer', { page }), person5Computers, { schema, layer }));
    expect(errors.map((error) => [error.code, error.source, error.detail])).toEqual([
      ['unsupported_cursor_sort', { parameter: 'sort' }, 'This server cannot page computer by cursor in this sort order; use another sort or page[number]'],
    ]);
    expect((await executeRelated(ast('person', { page }), computer5Owner, { schema, layer }))?.data).toMatchObject({ type: 'person', row: { id: '5' } });
  });

  it('ask for no keyset bound they do not have', async () => {
    const { layer, calls } = recorded();
    const first = ['Alice', '11'];
    await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 2 } }), { schema, layer });
    await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 2, after: first } }), { schema, layer });
    await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 2, after: first, before: ['Zz', '1'] } }), { schema, layer });
    expect(calls.map((call) => Object.keys((call.request as { keyset: object }).keyset))).toEqual([[], ['after'], ['after', 'before']]);
  });

  it('link to no neighbour from an empty page at either end', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const byName = await executeCollection(ast('person', { sort: nameAsc, page: null }), { schema, layer });
    const rows = (byName.data as readonly Resource[]).map(({ row }) => [row.name as string, row.id as string]);
    const [firstRow, lastRow] = [rows[0] as string[], rows.at(-1) as string[]];
    const beforeFirst = await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 2, before: firstRow } }), { schema, layer });
    expect(beforeFirst.data).toEqual([]);
    expect(beforeFirst.cursorPage).toEqual({ cursors: [], next: null, prev: null, rangeTruncated: false });
    const afterLast = await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 2, after: lastRow } }), { schema, layer });
    expect(afterLast.data).toEqual([]);
    expect(afterLast.cursorPage).toEqual({ cursors: [], next: null, prev: null, rangeTruncated: false });
  });

  it('fail loudly when the layer answers fewer keys than rows', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const short: DataLayer = Object.assign(Object.create(memory) as DataLayer, {
      read: async (...args: Parameters<DataLayer['read']>) => {
        const result = await memory.read(...args);
        return { ...result, keys: result.keys?.slice(1) };
      },
    });
    await expect(executeCollection(ast('person', { page: { kind: 'cursor', size: 2 } }), { schema, layer: short })).rejects.toThrow(
      'The data layer answered a keyset read of person without one key per row (ReadResult.keys)',
    );
  });
});

describe('paged reads', () => {
  it('are not held to maxUnpaginatedRows', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const limits = { ...DEFAULT_LIMITS, maxUnpaginatedRows: 2 };
    const execution = await executeCollection(ast('person', { page: { kind: 'offset', size: 5, number: 1 } }), { schema, layer, limits });
    expect(execution.data).toHaveLength(5);
    expect((await executeRelated(ast('computer', { page: { kind: 'offset', size: 5, number: 1 } }), { ...person5Computers, id: '1' }, { schema, layer, limits }))?.data).toHaveLength(3);
  });

  it('leave an uncounted page without a total even when the layer counts', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const counting: DataLayer = Object.assign(Object.create(memory) as DataLayer, {
      read: async (request: Parameters<DataLayer['read']>[0], context: Parameters<DataLayer['read']>[1]) => memory.read({ ...request, withTotal: true }, context),
    });
    const limits = { ...DEFAULT_LIMITS, count: 'none' } as const;
    const byNumber = await executeCollection(ast('person', { page: { kind: 'offset', size: 2, number: 1 } }), { schema, layer: counting, limits });
    expect(byNumber).not.toHaveProperty('total');
    const byCursor = await executeCollection(ast('person', { page: { kind: 'cursor', size: 2 } }), { schema, layer: counting });
    expect(byCursor).not.toHaveProperty('total');
  });

  it('leave a counted page without a total when the layer does not count', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const uncounting: DataLayer = Object.assign(Object.create(memory) as DataLayer, {
      read: async (...args: Parameters<DataLayer['read']>) => {
        const { rows, keys } = await memory.read(...args);
        return keys === undefined ? { rows } : { rows, keys };
      },
    });
    const execution = await executeCollection(ast('person', { page: { kind: 'offset', size: 2, number: 1 } }), { schema, layer: uncounting });
    expect(execution.data).toHaveLength(2);
    expect(execution).not.toHaveProperty('total');
  });
});

describe('layers that leave owners out of readIncluded', () => {
  it('give those owners no related resources', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const forgetful: DataLayer = Object.assign(Object.create(memory) as DataLayer, { readIncluded: async () => new Map() });
    const execution = await executeCollection(ast('computer', { filter: { kind: 'compare', field: 'id', op: 'in_', value: ['1', '2'] }, include: [['owner']] }), {
      schema,
      layer: forgetful,
    });
    expect(execution.included).toEqual([]);
    expect(execution.linkage.get('computer', '1', 'owner')).toBeNull();
    const persons = await executeCollection(ast('person', { filter: { kind: 'compare', field: 'id', op: 'eq', value: '1' }, include: [['computers']] }), {
      schema,
      layer: forgetful,
    });
    expect(persons.linkage.get('person', '1', 'computers')).toEqual([]);
  });
});

describe('a layer answering a to-one relationship with several rows', () => {
  it('gives the first as data and includes from it alone', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const doubled: DataLayer = Object.assign(Object.create(memory) as DataLayer, {
      readRelated: async (...args: Parameters<DataLayer['readRelated']>) => {
        const result = await memory.readRelated(...args);
        const other = await memory.readOne('person', '2', args[1]);
        return result === null || other === null ? result : { ...result, rows: [...result.rows, other] };
      },
    });
    const related = await executeRelated(ast('person', { include: [['computers']] }), computer5Owner, { schema, layer: doubled });
    expect(related?.included?.map(({ row }) => row.id)).toEqual(['5', '6']);
    const relationship = await executeRelationship(ast('person', { include: [['owner', 'computers']] }), computer5Owner, { schema, layer: doubled });
    expect(relationship?.data).toBe('5');
    expect(relationship?.included?.map(({ type, row }) => `${type}:${String(row.id)}`)).toEqual(['person:5', 'computer:5', 'computer:6']);
  });
});
